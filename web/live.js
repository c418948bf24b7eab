// Live updates: the game's server-sent events. EventSource reconnects by itself (sending
// Last-Event-ID); after any break the page re-reads the whole state (onResync), so that it is
// exactly right whatever was missed. A stream closed for good is reopened after a delay.

export class Live {
  /**
   * @param {string} url the events URL
   * @param {(type: string, data: object) => void} onEvent
   * @param {() => void} onResync called when the stream (re)opens after a break
   * @param {(connected: boolean) => void} onStatus
   * @param {string[]} types the events to listen to (the game kind's)
   */
  constructor(url, onEvent, onResync, onStatus, types) {
    this.url = url;
    this.onEvent = onEvent;
    this.onResync = onResync;
    this.onStatus = onStatus;
    this.types = types;
    this.source = null;
    this.broken = false;
    this.retry = null;
    this.stopped = false;
  }

  open() {
    this.stopped = false;
    const source = new EventSource(this.url);
    this.source = source;
    source.addEventListener("open", () => {
      this.onStatus(true);
      if (this.broken) {
        this.broken = false;
        this.onResync();
      }
    });
    source.addEventListener("error", () => {
      if (source !== this.source) return;
      this.broken = true;
      this.onStatus(false);
      if (source.readyState === EventSource.CLOSED && !this.stopped) {
        clearTimeout(this.retry);
        this.retry = setTimeout(() => this.open(), 2000);
      }
    });
    for (const type of this.types) {
      source.addEventListener(type, (event) => {
        let data = {};
        try {
          data = JSON.parse(event.data || "{}");
        } catch {
          data = {};
        }
        this.onEvent(type, data);
      });
    }
  }

  /** Reopen now (the browser says it is back online). */
  reconnect() {
    if (this.stopped) return;
    this.close();
    this.broken = true;
    this.open();
  }

  close() {
    this.stopped = true;
    clearTimeout(this.retry);
    if (this.source) this.source.close();
    this.source = null;
  }
}
