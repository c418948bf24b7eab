// The sound of a turn's last seconds, made with the Web Audio API (no audio file): silent
// until the player has interacted with the page (a click, a tap or a key: browsers let a page
// play sound only after one), and muted by the player's toggle, which the browser remembers.

import { soundMuted, saveSoundMuted } from "./storage.js";
import { t } from "./i18n.js";

/** A turn's or round's last seconds: the warning from this many seconds left, a tick in each of
 * the very last. */
export const WARNING_SECONDS = 10;
const TICK_SECONDS = 3;

/** The tones, in Hz and seconds: the warning at 10 s left, the ticks of the last seconds. */
const WARNING = [
  { at: 0, frequency: 880, length: 0.12 },
  { at: 0.18, frequency: 880, length: 0.12 },
];
const TICK = [{ at: 0, frequency: 660, length: 0.06 }];
const VOLUME = 0.15;

let context = null;
let interacted = false;
let muted = soundMuted();

function unlock() {
  interacted = true;
  if (muted) return;
  try {
    context = context || new AudioContext();
    if (context.state === "suspended") context.resume();
  } catch {
    context = null; // no audio on this machine: the visible warning remains
  }
}

/** Listen for the player's first interactions (the sound stays silent before). */
export function armSound() {
  for (const type of ["pointerdown", "keydown"]) {
    document.addEventListener(type, unlock, { capture: true, passive: true });
  }
}

export const soundOn = () => !muted;

/** Turn the sound on or off (remembered). */
export function setSound(on) {
  muted = !on;
  saveSoundMuted(muted);
  if (on && interacted) unlock();
}

function play(tones) {
  if (muted || !interacted || !context) return false;
  const start = context.currentTime + 0.01;
  for (const { at, frequency, length } of tones) {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = "sine";
    oscillator.frequency.value = frequency;
    // A short envelope: no click at either end.
    gain.gain.setValueAtTime(0, start + at);
    gain.gain.linearRampToValueAtTime(VOLUME, start + at + 0.01);
    gain.gain.linearRampToValueAtTime(0, start + at + length);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(start + at);
    oscillator.stop(start + at + length + 0.02);
  }
  return true;
}

/** The warning of the last 10 seconds; false when silent (muted, or no interaction yet). */
export const warn = () => play(WARNING);

/** One tick of the last seconds. */
export const tick = () => play(TICK);

/** Sound the last seconds of turn (or round) `number` at `seconds` left, after what was sounded
 * last (`warned`: "number/seconds", "" before any): the warning once a turn, then a tick in each
 * of the last seconds. Returns what has been sounded now, for the next call. */
export function soundLastSeconds(number, seconds, warned) {
  const turn = `${number}/`;
  if (!warned.startsWith(turn)) {
    warn();
    return `${turn}${seconds}`;
  }
  if (seconds <= TICK_SECONDS && warned !== `${turn}${seconds}`) {
    tick();
    return `${turn}${seconds}`;
  }
  return warned;
}

/** Draw a ♪ toggle as the sound is: on or off, said in its title. */
export function drawSoundToggle(button) {
  const on = soundOn();
  button.textContent = "♪";
  button.classList.toggle("off", !on);
  button.setAttribute("aria-pressed", String(on));
  button.title = t(on ? "soundOn" : "soundOff");
}
