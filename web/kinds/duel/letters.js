// The letters of a Duel de Mots game, on the page's side: a typed character as one of the
// game's letters (the keys the server lists in `view.keyboard`), and Korean jamo composed into
// syllables for reading. The server judges every guess; this only decides what a key types.
// Pure: no DOM.

/** Ligatures a French or English player may type: two letters each. */
const LIGATURES = { "Œ": "OE", "Æ": "AE", "ß": "SS", "ẞ": "SS" };

/** The QWERTY key positions, row by row (a Korean 2-beolsik keyboard sits on the same keys). */
const QWERTY = ["QWERTYUIOP", "ASDFGHJKL", "ZXCVBNM"];

/** Every letter of the keyboard's rows, as a Set. */
export function lettersOf(rows) {
  return new Set((rows || []).flatMap((row) => [...row]));
}

/**
 * What a typed character gives in `lang`: a string of the game's letters (usually one, two for
 * a ligature), or "" when it is none. `keys` is the Set of the game's letters.
 * English and French fold accents (É → E); Spanish keeps Ñ; Russian counts Ё as Е; Turkish
 * uppercases with its own rules (i → İ, ı → I).
 */
export function typed(char, lang, keys) {
  if (!char || [...char].length !== 1) return "";
  if (keys.has(char)) return char;
  let upper = lang === "tr" ? char.toLocaleUpperCase("tr") : char.toUpperCase();
  if (lang === "ru" && upper === "Ё") upper = "Е";
  if (keys.has(upper)) return upper;
  if ((lang === "fr" || lang === "en" || lang === "es") && LIGATURES[upper]) return LIGATURES[upper];
  const base = upper.normalize("NFD").replace(/\p{Mn}/gu, "").normalize("NFC");
  if (keys.has(base)) return base;
  return "";
}

/**
 * The letter a physical key gives by its position (`event.code`, "KeyQ"): for Korean, whose
 * on-screen rows follow the QWERTY rows key for key (Q → ㅂ, A → ㅁ, Z → ㅋ). "" otherwise.
 */
export function byPosition(code, rows) {
  const match = /^Key([A-Z])$/.exec(code || "");
  if (!match || !rows) return "";
  for (let r = 0; r < QWERTY.length; r++) {
    const at = QWERTY[r].indexOf(match[1]);
    if (at >= 0) return [...(rows[r] || "")][at] || "";
  }
  return "";
}

// -- Korean: jamo composed into syllables, greedily from the left (as the server's display) --

const INITIALS = "ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ";
const MEDIALS = "ㅏㅐㅑㅒㅓㅔㅕㅖㅗㅘㅙㅚㅛㅜㅝㅞㅟㅠㅡㅢㅣ";
const FINALS = "ㄱㄲㄳㄴㄵㄶㄷㄹㄺㄻㄼㄽㄾㄿㅀㅁㅂㅄㅅㅆㅇㅈㅊㅋㅌㅍㅎ";
const CONSONANTS = "ㄱㄴㄷㄹㅁㅂㅅㅇㅈㅊㅋㅌㅍㅎ";
const VOWELS = "ㅏㅑㅓㅕㅗㅛㅜㅠㅡㅣㅐㅔ";
const DOUBLE_INITIALS = { "ㄱㄱ": "ㄲ", "ㄷㄷ": "ㄸ", "ㅂㅂ": "ㅃ", "ㅅㅅ": "ㅆ", "ㅈㅈ": "ㅉ" };
const COMPOUND_VOWELS = {
  "ㅑㅣ": "ㅒ", "ㅕㅣ": "ㅖ", "ㅗㅏ": "ㅘ", "ㅗㅐ": "ㅙ", "ㅗㅣ": "ㅚ", "ㅜㅓ": "ㅝ", "ㅜㅔ": "ㅞ", "ㅜㅣ": "ㅟ", "ㅡㅣ": "ㅢ",
};
const COMPOUND_FINALS = {
  "ㄱㄱ": "ㄲ", "ㅅㅅ": "ㅆ", "ㄱㅅ": "ㄳ", "ㄴㅈ": "ㄵ", "ㄴㅎ": "ㄶ", "ㄹㄱ": "ㄺ", "ㄹㅁ": "ㄻ", "ㄹㅂ": "ㄼ",
  "ㄹㅅ": "ㄽ", "ㄹㅌ": "ㄾ", "ㄹㅍ": "ㄿ", "ㄹㅎ": "ㅀ", "ㅂㅅ": "ㅄ",
};
const SYLLABLE_FIRST = 0xac00;

/** `letters` as people read them: Korean jamo composed into syllables; others unchanged. */
export function display(letters, lang) {
  if (lang !== "ko") return letters;
  const text = [...letters];
  const out = [];
  let at = 0;
  while (at < text.length) {
    const [syllable, next] = syllableAt(text, at);
    out.push(syllable);
    at = next;
  }
  return out.join("");
}

function syllableAt(text, at) {
  const vowel = (i) => i < text.length && VOWELS.includes(text[i]);
  const consonant = (i) => i < text.length && CONSONANTS.includes(text[i]);
  if (!consonant(at)) return [text[at], at + 1];
  let initial = text[at];
  let place = at + 1;
  const pair = text[at] + (text[at + 1] || "");
  if (!vowel(place) && DOUBLE_INITIALS[pair] && vowel(at + 2)) {
    initial = DOUBLE_INITIALS[pair];
    place = at + 2;
  }
  if (!vowel(place)) return [text[at], at + 1];
  let medial = text[place];
  place += 1;
  if (vowel(place) && COMPOUND_VOWELS[medial + text[place]]) {
    medial = COMPOUND_VOWELS[medial + text[place]];
    place += 1;
  }
  let final = "";
  if (consonant(place) && !vowel(place + 1)) {
    final = text[place];
    place += 1;
    const cluster = final + (text[place] || "");
    if (consonant(place) && !vowel(place + 1) && COMPOUND_FINALS[cluster]) {
      final = COMPOUND_FINALS[cluster];
      place += 1;
    }
  }
  const index = (INITIALS.indexOf(initial) * 21 + MEDIALS.indexOf(medial)) * 28 + (final ? FINALS.indexOf(final) + 1 : 0);
  return [String.fromCharCode(SYLLABLE_FIRST + index), place];
}
