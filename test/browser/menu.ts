/** The top bar's links, followed as a person does: on a phone they are behind the menu button. */
import type { Page } from 'playwright-core';

/** Follows the top bar's link `link` (a selector of the link itself), opening the menu first where it is folded. */
export async function followNavLink(page: Page, link: string): Promise<void> {
  const button = page.locator('header .menu-button');
  if ((await button.isVisible()) && (await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  await page.click(`#site-links ${link}`);
}
