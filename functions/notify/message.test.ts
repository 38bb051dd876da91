import { beforeAll, describe, expect, it } from 'vitest';
import { loadWords, sampleNotification } from './fixture.testkit.js';
import { renderEmail, subjectOf, summaryOf, type Notification } from './message.js';

beforeAll(loadWords);

const UNSUBSCRIBE = 'https://railpost.example/v1/unsubscribe/u1.x.y';

const finished = (overrides: Partial<Notification> = {}) =>
  sampleNotification({
    kind: 'gameFinished',
    toAct: [],
    deadline: undefined,
    changes: [],
    result: { places: [2, 1, 3], scores: [98, 120, 40] },
    ...overrides,
  });

describe('subjectOf', () => {
  it('names the game and the reason, on one line', () => {
    expect(subjectOf(sampleNotification())).toBe('Your turn in Ticket to Ride: Europe');
    expect(subjectOf(sampleNotification({ kind: 'reminder' }))).toBe('Reminder: your turn in Ticket to Ride: Europe');
    expect(subjectOf(sampleNotification({ kind: 'gameStarted' }))).toBe('Ticket to Ride: Europe has started');
    expect(subjectOf(finished())).toBe('Ticket to Ride: Europe has ended: you placed 1st');
    expect(subjectOf(finished({ result: { places: [1, 1, 3], scores: [120, 120, 40] } }))).toBe(
      'Ticket to Ride: Europe has ended: you tied for 1st',
    );
    expect(subjectOf(sampleNotification({ kind: 'chat', chat: { from: 'Alice', text: 'gg' } }))).toBe(
      'Alice wrote in Ticket to Ride: Europe',
    );
    expect(subjectOf(sampleNotification({ gameTitle: 'Evil\r\nBcc: victim@example.org' }))).toBe(
      'Your turn in Evil Bcc: victim@example.org',
    );
  });
});

describe('SC-12.3: a game that ended without a winner says so, in every language', () => {
  it('the subject and the first line say "no winner", never a shared first place', () => {
    const stalemate = (language: Notification['language']) =>
      renderEmail(
        finished({
          language,
          gameTitle: 'Streetcar',
          result: { places: [1, 1, 1], scores: [0, 0, 0], noWinner: true },
        }),
        UNSUBSCRIBE,
      );
    const expected = {
      en: ['Streetcar has ended without a winner', '"Streetcar" has ended without a winner'],
      cs: ['Hra Streetcar skončila bez vítěze', 'Hra „Streetcar“ skončila bez vítěze'],
      de: ['Streetcar ist ohne Sieger zu Ende', '„Streetcar“ ist ohne Sieger zu Ende'],
      ru: ['Игра Streetcar окончена без победителя', 'Игра «Streetcar» окончена без победителя'],
    } as const;
    for (const [language, [subject, line]] of Object.entries(expected) as [
      Notification['language'],
      readonly [string, string],
    ][]) {
      const mail = stalemate(language);
      expect(mail.subject).toBe(subject);
      expect(mail.text).toContain(line);
    }
    expect(stalemate('en').text).not.toMatch(/tied for|placed/);
  });
});

describe('renderEmail', () => {
  it('says whose turn it is, what changed, the deadline, the link and how to stop', () => {
    const { text, html, headers } = renderEmail(sampleNotification({ toAct: [0, 1, 2] }), UNSUBSCRIBE);
    expect(text).toContain(`It's your turn in "Ticket to Ride: Europe".`);
    expect(text).toContain('Also due now: Alice, Seat 3.');
    expect(text).toContain('Since you last acted:\n- Alice claimed Berlin–Wien (3 green)\n- Seat 3 drew two cards');
    expect(text).toContain('Please move by 2026-11-24 18:00 UTC.');
    expect(text).toContain('Open the game and its board: https://railpost.example/#/games/g7Hk2mQpX9aBcDeF');
    expect(text).toContain(`Stop these emails: ${UNSUBSCRIBE}`);
    expect(html).toContain('<p>Also due now: Alice, Seat 3.</p>');
    expect(html).toContain('<ul><li>Alice claimed Berlin–Wien (3 green)</li><li>Seat 3 drew two cards</li></ul>');
    expect(headers).toEqual({
      'List-Unsubscribe': `<${UNSUBSCRIBE}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it('names the seats waiting when it is not the recipient’s turn, and leaves out empty sections', () => {
    const { text, html } = renderEmail(
      sampleNotification({ kind: 'gameStarted', toAct: [0], changes: [], deadline: undefined }),
      UNSUBSCRIBE,
    );
    expect(text).toContain('"Ticket to Ride: Europe" has started.\n\nWaiting for: Alice.');
    expect(text).not.toContain("It's your turn");
    expect(text).not.toContain('Since you last acted');
    expect(text).not.toContain('Please move by');
    expect(html).not.toContain('<ul>');
  });

  it('lists the final standings, best first, with the recipient marked', () => {
    const { subject, text, html } = renderEmail(finished(), UNSUBSCRIBE);
    expect(subject).toBe('Ticket to Ride: Europe has ended: you placed 1st');
    expect(text).toContain(
      '"Ticket to Ride: Europe" has ended. You placed 1st.\n\nFinal standings:\n\n1st: Zoë (you), 120 points\n2nd: Alice, 98 points\n3rd: Seat 3, 40 points',
    );
    expect(html).toContain(
      '<ol><li>1st: Zoë (you), 120 points</li><li>2nd: Alice, 98 points</li><li>3rd: Seat 3, 40 points</li></ol>',
    );
  });

  it('quotes a chat message', () => {
    const { text } = renderEmail(
      sampleNotification({ kind: 'chat', chat: { from: 'Alice', text: 'nice route!' } }),
      UNSUBSCRIBE,
    );
    expect(text).toContain('Alice wrote in "Ticket to Ride: Europe":\n\n“nice route!”');
    expect(text).not.toContain('Since you last acted');
  });

  it('escapes everything that comes from players in the HTML part', () => {
    const evil = '<script>alert("x")</script>';
    const { text, html } = renderEmail(
      sampleNotification({
        playerName: `Zoë ${evil}`,
        gameTitle: `Game & <b>bold</b>`,
        seatNames: [`Alice ${evil}`, 'Zoë', `O'Brien "the bot"`],
        toAct: [0, 1, 2],
        changes: [`${evil} claimed <a href="javascript:x">Paris</a>`],
        link: 'https://railpost.example/games/g?x="><script>',
      }),
      `${UNSUBSCRIBE}?a=1&b="2"`,
    );
    expect(html).not.toMatch(/<script|<b>|<a href="javascript/);
    expect(html).toContain('Hello Zoë &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;,');
    expect(html).toContain('<title>Your turn in Game &amp; &lt;b&gt;bold&lt;/b&gt;</title>');
    expect(html).toContain(
      'Also due now: Alice &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;, O&#39;Brien &quot;the bot&quot;.',
    );
    expect(html).toContain(
      '<li>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; claimed &lt;a href=&quot;javascript:x&quot;&gt;Paris&lt;/a&gt;</li>',
    );
    expect(html).toContain(
      '<a href="https://railpost.example/games/g?x=&quot;&gt;&lt;script&gt;">Open the game and its board</a>',
    );
    expect(html).toContain(`<a href="${UNSUBSCRIBE}?a=1&amp;b=&quot;2&quot;">Stop these emails</a>`);
    // The text part is not HTML: it shows names as typed.
    expect(text).toContain(`Hello Zoë ${evil},`);
  });
});

describe('summaryOf', () => {
  it('is short: the latest change, who else is due, the deadline', () => {
    expect(summaryOf(sampleNotification({ toAct: [0, 1] }))).toBe(
      'Seat 3 drew two cards. Also due now: Alice. Move by 2026-11-24 18:00 UTC.',
    );
    expect(summaryOf(sampleNotification({ changes: [], deadline: undefined }))).toBe("It's your move.");
    expect(summaryOf(finished())).toBe('1st: Zoë (you), 120 points; 2nd: Alice, 98 points; 3rd: Seat 3, 40 points');
    const long = summaryOf(sampleNotification({ kind: 'chat', chat: { from: 'Alice', text: '😀'.repeat(500) } }));
    expect([...long]).toHaveLength(240);
    expect(long.endsWith('😀…')).toBe(true);
  });
});

describe("in the recipient's language", () => {
  it('Czech and Russian: the subject, the place as an ordinal of the language and the points in its plural forms', () => {
    const cs = renderEmail(
      finished({ language: 'cs', result: { places: [2, 1, 3], scores: [98, 120, 4] } }),
      UNSUBSCRIBE,
    );
    expect(cs.subject).toBe('Hra Ticket to Ride: Europe skončila: jste na 1. místě');
    expect(cs.text).toContain('1. Zoë (vy), 120 bodů\n2. Alice, 98 bodů\n3. Místo 3, 4 body');
    expect(cs.text).toContain('Už mi tyto e-maily neposílejte: ');
    const ru = renderEmail(
      finished({ language: 'ru', result: { places: [1, 1, 3], scores: [121, 121, 40] } }),
      UNSUBSCRIBE,
    );
    expect(ru.subject).toBe('Игра Ticket to Ride: Europe окончена: вы делите 1-е место');
    expect(ru.text).toContain('1-е: Alice, 121 очко\n1-е: Zoë (вы), 121 очко\n3-е: Место 3, 40 очков');
  });

  it('German: the turn, who else is due and the deadline', () => {
    expect(subjectOf(sampleNotification({ language: 'de' }))).toBe('Du bist am Zug: Ticket to Ride: Europe');
    expect(summaryOf(sampleNotification({ language: 'de', toAct: [0, 1], changes: [] }))).toBe(
      'Ebenfalls am Zug: Alice. Zug bis 2026-11-24 18:00 UTC.',
    );
  });
});
