import MiniSearch, { type SearchResult } from 'minisearch';
import { stemmer } from 'stemmer';
import type { CatalogueDetail } from '@labshop/contracts/catalogue/read-models';
import { richTextToPlainText } from '@labshop/platform/rich-text';
import { searchSynonyms } from '@labshop/contracts/catalogue/search-synonyms';
import type { CatalogueIndex, ListedDetail } from './catalogue-index.ts';

/**
 * Full-text search over the listed catalogue with MiniSearch (why MiniSearch: the README). An engine is
 * made for each state of the catalogue from the read models (the listed details and their detail documents),
 * so it answers the same over either read store and needs no server of its own; see `searchEngineBuilder`.
 *
 * - Catalogue numbers (every pack size's, and the inner package id) are matched apart, hyphen-insensitive,
 *   exact or by prefix (one typo from 5 characters); an exact number comes first, then other number hits.
 * - Words are matched stemmed (English), by prefix while typing, with one typo in words of 5+ letters,
 *   in the subproduct name, product type, category, synonyms of those and the description (boosted in that
 *   order); details with all the words come before those with some.
 */
export interface SearchEngine {
  search(text: string): SearchHit[];
  /** A query close to `text` that finds something, when `text` finds nothing; else null. */
  didYouMean(text: string): string | null;
  /** The listed detail and pack size a catalogue number names exactly (hyphens and case aside). */
  byCatalogNumber(catalogNumber: string): { listed: ListedDetail; packSize: string | null } | undefined;
}

export interface SearchHit {
  listed: ListedDetail;
  /** The catalogue number the text matched, as the catalogue writes it; null for a word match. */
  catalogNumber: string | null;
}

interface NumberEntry {
  listed: ListedDetail;
  catalogNumber: string;
  /** The price tier's pack size the number belongs to; null for the detail's own number or its inner package id. */
  packSize: string | null;
}

/** Answers kept per engine (an engine lives until the catalogue changes). */
const ANSWERS_KEPT = 2_000;
const TEXT_FIELDS = ['subproduct', 'productType', 'category', 'synonyms', 'description'] as const;
const BOOSTS: Record<(typeof TEXT_FIELDS)[number], number> = {
  subproduct: 4,
  productType: 2,
  category: 3,
  synonyms: 2,
  description: 0.5,
};
/**
 * A word that continues what was typed counts more than one a letter away from it: "agaros" is Agarose being typed,
 * not the shorter "agar" with a letter too many (MiniSearch's default weighs the two almost alike: fuzzy 0.45).
 */
const WEIGHTS = { prefix: 0.375, fuzzy: 0.3 };
const STOP_WORDS: ReadonlySet<string> = new Set(['a', 'an', 'and', 'for', 'in', 'of', 'on', 'or', 'the', 'to', 'with']);
const hasDigit = (text: string) => /\p{N}/u.test(text);
/**
 * One edit for words of 5 to 7 letters, two from 8 (a stem is shorter than its word: "detecton" is 2 from "detect"),
 * none for shorter ones, nor for numbers, which are whole words ("96" is not "6", "384" not "3840").
 */
const fuzzy = (term: string) => (hasDigit(term) ? 0 : term.length >= 8 ? 2 : term.length >= 5 ? 1 : 0);
/** Catalogue numbers: one edit from 5 characters. */
const numberFuzzy = (term: string) => (term.length >= 5 ? 1 : 0);

/** Letters and digits only, lower case: "CC-1001-5" and "cc10015" are the same number. */
const normalizedNumber = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/** Stems by word: a catalogue repeats its words endlessly, and stemming is most of an index build's time. */
const stems = new Map<string, string>();
const STEMS_KEPT = 200_000;

/** Lower-cased, stemmed, stop words dropped: the same for what is indexed and what is asked. */
function wordTerm(term: string): string | null {
  const lower = term.toLowerCase();
  if (STOP_WORDS.has(lower)) return null;
  let stem = stems.get(lower);
  if (stem === undefined) {
    stem = stemmer(lower);
    if (stems.size >= STEMS_KEPT) stems.clear();
    stems.set(lower, stem);
  }
  return stem;
}
/** Prefix matching from 3 letters ("ce" would match half the catalogue's words), never for numbers. */
const prefix = (term: string) => term.length >= 3 && !hasDigit(term);

const splitWords = (text: string) => text.split(/[^\p{L}\p{N}]+/u).filter((word) => word !== '');

/** Each synonym group, its forms as lists of stemmed words. */
const synonymForms = searchSynonyms.map((group) =>
  group.map((form) => splitWords(form).map((word) => wordTerm(word) ?? word)),
);

/** Every form of each synonym group the text holds one form of (all of that form's words), as words to index. */
function synonymsOf(text: string): string {
  const words = new Set(splitWords(text).map((word) => wordTerm(word)));
  const found: string[] = [];
  for (const forms of synonymForms) {
    if (forms.some((form) => form.every((word) => words.has(word)))) found.push(...forms.flat());
  }
  return found.join(' ');
}

/** The numbers a detail answers to: its own, its price tiers', its inner package id. */
function numbersOf(document: CatalogueDetail | undefined): Omit<NumberEntry, 'listed'>[] {
  if (!document) return [];
  // The tiers first: the detail's own number is usually its smallest pack's too, and names that pack then.
  const numbers = [
    ...document.priceTiers.map((tier) => ({
      catalogNumber: tier.catalogNumber,
      packSize: tier.packSize as string | null,
    })),
    { catalogNumber: document.catalogNumber, packSize: null },
    { catalogNumber: document.innerPackageId, packSize: null },
  ];
  return numbers.filter((entry) => normalizedNumber(entry.catalogNumber) !== '');
}

/** A number's search terms: it whole, and from its first hyphen on ("1001" of "CC-1001"), both normalised. */
function numberTerms(catalogNumber: string): string[] {
  const whole = normalizedNumber(catalogNumber);
  const hyphen = catalogNumber.indexOf('-');
  const tail = hyphen > 0 ? normalizedNumber(catalogNumber.slice(hyphen + 1)) : '';
  return tail !== '' && tail !== whole ? [whole, tail] : [whole];
}

interface IndexedDetail {
  id: string;
  numbers: string;
  subproduct: string;
  productType: string;
  category: string;
  synonyms: string;
  description: string;
}

/** What the indexes hold of one detail, with what it was made from: unchanged, it is not indexed again. */
interface Indexed {
  signature: string;
  /** Its normalised number terms, each with the number it stands for. */
  numberTerms: Map<string, string>;
  numbers: Omit<NumberEntry, 'listed'>[];
}

/** Everything a detail's indexed fields are made of: its document's position and its parents' names. */
const signatureOf = ({ product, subproduct, detail }: ListedDetail, document: CatalogueDetail | undefined) =>
  `${document?._position ?? ''}|${product.name}|${subproduct.name}|${detail.productType}`;

function indexedDetail(
  entry: ListedDetail,
  document: CatalogueDetail | undefined,
  numberTerms: Map<string, string>,
): IndexedDetail {
  const { product, subproduct, detail } = entry;
  const named = `${subproduct.name} ${detail.productType} ${product.name}`;
  const description = document ? richTextToPlainText(document.contents) : '';
  // The description adds the words the names lack, each once: it is most of the text and of the index's work.
  const namedWords = new Set(splitWords(named.toLowerCase()));
  const descriptionWords = new Set(splitWords(description.toLowerCase()).filter((word) => !namedWords.has(word)));
  return {
    id: detail.detailId,
    numbers: [...numberTerms.keys()].join(' '),
    subproduct: subproduct.name,
    productType: detail.productType,
    category: product.name,
    synonyms: synonymsOf(`${named} ${description}`),
    description: [...descriptionWords].join(' '),
  };
}

/**
 * Makes the engine for each new state of the catalogue. The indexes are kept from one state to the next:
 * only details whose document or names changed are indexed again, and those gone are dropped, so a
 * change costs its own details, not the catalogue's. Builds must run one at a time, oldest state first.
 */
export function searchEngineBuilder(): (
  catalogue: CatalogueIndex,
  documents: ReadonlyMap<string, CatalogueDetail>,
) => SearchEngine {
  const words = new MiniSearch<IndexedDetail>({
    fields: [...TEXT_FIELDS],
    tokenize: splitWords,
    processTerm: wordTerm,
  });
  const numberIndex = new MiniSearch<IndexedDetail>({
    fields: ['numbers'],
    tokenize: (text) => text.split(' '),
    processTerm: (term) => term || null,
  });
  const indexedById = new Map<string, Indexed>();

  return (catalogue, documents) => {
    const listed = catalogue.details;
    for (const entry of listed) {
      const { detailId } = entry.detail;
      const document = documents.get(detailId);
      const signature = signatureOf(entry, document);
      if (indexedById.get(detailId)?.signature === signature) continue;
      const numbers = numbersOf(document);
      const terms = new Map<string, string>();
      for (const number of numbers)
        for (const term of numberTerms(number.catalogNumber))
          if (!terms.has(term)) terms.set(term, number.catalogNumber);
      const fields = indexedDetail(entry, document, terms);
      if (indexedById.has(detailId)) {
        words.replace(fields);
        numberIndex.replace(fields);
      } else {
        words.add(fields);
        numberIndex.add(fields);
      }
      indexedById.set(detailId, { signature, numberTerms: terms, numbers });
    }
    for (const detailId of indexedById.keys()) {
      if (catalogue.detailsById.has(detailId)) continue;
      words.discard(detailId);
      numberIndex.discard(detailId);
      indexedById.delete(detailId);
    }
    const numbers = new Map<string, NumberEntry>();
    for (const entry of listed) {
      for (const number of indexedById.get(entry.detail.detailId)!.numbers) {
        const key = normalizedNumber(number.catalogNumber);
        if (!numbers.has(key)) numbers.set(key, { listed: entry, ...number });
      }
    }
    return engineOver(catalogue, {
      words,
      numberIndex,
      numbers,
      numberTermsOf: (detailId) => indexedById.get(detailId)!.numberTerms,
    });
  };
}

interface EngineIndexes {
  words: MiniSearch<IndexedDetail>;
  numberIndex: MiniSearch<IndexedDetail>;
  /** Each catalogue number (normalised) with the detail and pack it names. */
  numbers: Map<string, NumberEntry>;
  numberTermsOf(detailId: string): Map<string, string>;
}

function engineOver(
  catalogue: CatalogueIndex,
  { words, numberIndex, numbers, numberTermsOf }: EngineIndexes,
): SearchEngine {
  /** Made on the first "did you mean", which most states of the catalogue never need. */
  let vocabulary: MiniSearch<{ id: string }> | undefined;
  /** A hit's listed detail in this state of the catalogue (the indexes may since have moved on to a later one). */
  const listedOf = (result: SearchResult) => catalogue.detailsById.get(result.id as string);

  function searchNumbers(text: string): SearchHit[] {
    const term = normalizedNumber(text);
    // A number has a digit; "CD63" or "500 ml" that matches no number goes on to the word search below.
    if (term.length < 2 || !hasDigit(term)) return [];
    // An exact number is a lookup: that detail alone.
    const exact = numbers.get(term);
    if (exact) return [{ listed: exact.listed, catalogNumber: exact.catalogNumber }];
    const found = numberIndex.search(term, {
      prefix: true,
      fuzzy: numberFuzzy,
      tokenize: (whole) => [whole],
      processTerm: (whole) => whole,
    });
    return found.flatMap((result) => {
      const entry = listedOf(result);
      return entry ? [{ listed: entry, catalogNumber: matchedNumber(result) }] : [];
    });
  }

  /** The number a hit matched: the shortest of those its matched terms stand for (the closest to what was typed). */
  function matchedNumber(result: SearchResult): string {
    const terms = numberTermsOf(result.id as string);
    const matched = result.terms.map((term) => terms.get(term)).filter((number) => number !== undefined);
    return matched.sort((a, b) => a.length - b.length || a.localeCompare(b))[0]!;
  }

  const catalogueOrder = new Map(catalogue.details.map((entry, order) => [entry, order]));
  function searchWords(text: string): SearchHit[] {
    // A number typed among words ("96-well") is a whole word every hit must hold: "96" is not "6" or "24".
    const numbersAsked = splitWords(text).filter(hasDigit);
    const found = words
      .search(text, { prefix, fuzzy, weights: WEIGHTS, boost: BOOSTS, combineWith: 'OR' })
      .flatMap((result) => {
        const entry = listedOf(result);
        const holdsNumbers = numbersAsked.every((number) => result.queryTerms.includes(wordTerm(number) ?? number));
        return entry && holdsNumbers ? [{ entry, result }] : [];
      });
    // All the words before some of them; the score within each; then catalogue order.
    found.sort(
      (a, b) =>
        b.result.queryTerms.length - a.result.queryTerms.length ||
        b.result.score - a.result.score ||
        catalogueOrder.get(a.entry)! - catalogueOrder.get(b.entry)!,
    );
    return found.map(({ entry }) => ({ listed: entry, catalogNumber: null }));
  }

  function searchUncached(text: string): SearchHit[] {
    // Text that matches catalogue numbers is one: its pieces ("CC", "1001") are no words to look for.
    const numberHits = searchNumbers(text);
    return numberHits.length > 0 ? numberHits : searchWords(text);
  }

  const answered = new Map<string, SearchHit[]>();
  function search(text: string): SearchHit[] {
    const key = text.trim().toLowerCase();
    let hits = answered.get(key);
    if (!hits) {
      hits = searchUncached(key);
      // The texts asked most are few; a flood of one-off texts must not grow the engine without bound.
      if (answered.size >= ANSWERS_KEPT) answered.delete(answered.keys().next().value!);
      answered.set(key, hits);
    }
    return hits;
  }

  return {
    search,
    didYouMean(text) {
      const asked = splitWords(text.toLowerCase());
      const known = (vocabulary ??= vocabularyOf(catalogue.details));
      const corrected = asked
        .map((word) => (known.search(word, { fuzzy: 2, prefix: false })[0]?.id as string | undefined) ?? word)
        .join(' ');
      return corrected !== asked.join(' ') && search(corrected).length > 0 ? corrected : null;
    },
    byCatalogNumber(catalogNumber) {
      const entry = numbers.get(normalizedNumber(catalogNumber));
      return entry && { listed: entry.listed, packSize: entry.packSize };
    },
  };
}

/** For texts too short to search: nothing matches. */
export const searchingNothing: SearchEngine = {
  search: () => [],
  didYouMean: () => null,
  byCatalogNumber: () => undefined,
};

/** The words shoppers see (names, types, categories, synonyms), unstemmed: what "did you mean" may offer. */
function vocabularyOf(listed: readonly ListedDetail[]): MiniSearch<{ id: string }> {
  const words = new Set<string>(searchSynonyms.flat().flatMap((form) => splitWords(form)));
  for (const { product, subproduct, detail } of listed) {
    for (const word of splitWords(`${product.name} ${subproduct.name} ${detail.productType}`.toLowerCase()))
      words.add(word);
  }
  const vocabulary = new MiniSearch<{ id: string }>({
    fields: ['id'],
    tokenize: (word) => [word],
    processTerm: (term) => term,
  });
  vocabulary.addAll([...words].filter((word) => word.length >= 3 && !hasDigit(word)).map((word) => ({ id: word })));
  return vocabulary;
}
