/** The text of the top bar's search box, and the query it settles on after typing stops. */
export class SearchState {
  text = $state('');
  /** What the lists are narrowed by: `text` trimmed, once typing paused (empty: no search). */
  query = $state('');
  private timer: ReturnType<typeof setTimeout> | null = null;

  type(text: string): void {
    this.text = text;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = setTimeout(() => (this.query = text.trim().slice(0, 64)), 250);
  }

  clear(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.text = '';
    this.query = '';
  }
}
