/**
 * Zoomed in, the board scrolls, and the row and column numbers a picture draws in its margin
 * (`g.coords`, texts with `data-row` or `data-col`) would scroll away with the edges: they are moved
 * to the edges of what is in view and drawn over everything else, so a square can always be named.
 */
export function pinEdgeLabels(box: HTMLElement, zoomed: boolean): void {
  const picture = box.querySelector('svg');
  const coords = picture?.querySelector('g.coords');
  if (!picture || !coords) return;
  if (zoomed && picture.lastElementChild !== coords) picture.append(coords);
  const { width, height } = picture.viewBox.baseVal;
  const scale = picture.getBoundingClientRect().width / width;
  if (!zoomed || !(scale > 0)) {
    for (const el of coords.querySelectorAll('[data-row], [data-col]')) el.removeAttribute('transform');
    return;
  }
  const [left, top] = [box.scrollLeft / scale, box.scrollTop / scale];
  const right = Math.min(0, left + box.clientWidth / scale - width);
  const bottom = Math.min(0, top + box.clientHeight / scale - height);
  for (const el of coords.querySelectorAll('[data-row]')) {
    const near = Number(el.getAttribute('x')) < width / 2;
    el.setAttribute('transform', `translate(${near ? left : right} 0)`);
  }
  for (const el of coords.querySelectorAll('[data-col]')) {
    const near = Number(el.getAttribute('y')) < height / 2;
    el.setAttribute('transform', `translate(0 ${near ? top : bottom})`);
  }
}
