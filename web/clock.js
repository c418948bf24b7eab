// The shared clock: the server's deadline, read on this machine's clock corrected by the
// offset measured from the server's time (server_time_ms of the last game state).

export class Clock {
  constructor() {
    this.offset = 0; // server time minus local time, in ms
    this.deadline = 0;
    this.pausedRemaining = null;
  }

  /** Take the times of a game state. */
  sync(state) {
    if (state.server_time_ms) this.offset = state.server_time_ms - Date.now();
    this.deadline = state.deadline_ms || 0;
    const held = state.status === "paused" || state.status === "parked";
    this.pausedRemaining = held ? state.remaining_ms || 0 : null;
  }

  now() {
    return Date.now() + this.offset;
  }

  /** Milliseconds left (the frozen remainder while paused or parked), never negative. */
  remaining() {
    if (this.pausedRemaining !== null) return this.pausedRemaining;
    if (!this.deadline) return 0;
    return Math.max(0, this.deadline - this.now());
  }
}

/** "2:05" for 125,000 ms (rounded up to the second, so 0:00 is the end). */
export function formatClock(ms) {
  const seconds = Math.ceil(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}
