/** A link that leads nowhere (mangled on the way, or a page that does not exist). */
export function NotFoundPage() {
  return (
    <section class="card narrow">
      <h1>Page not found</h1>
      <p>This link does not lead to a page here. It may have been cut short or changed on the way.</p>
      <a href="#/">Go to my games</a>
    </section>
  );
}
