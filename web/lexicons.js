// Lexicons in words, for the create form and the about footer.

import { t, language, known } from "./i18n.js";

/** A lexicon in words: its label when the page knows its id (saying the French list is not
 * the official ODS), else its id and word count. */
export function lexiconLabel(lexicon) {
  const n = lexicon.word_count.toLocaleString(language());
  return known(`lexicon.${lexicon.id}`) ? t(`lexicon.${lexicon.id}`, { n }) : t("lexiconOther", { id: lexicon.id, n });
}
