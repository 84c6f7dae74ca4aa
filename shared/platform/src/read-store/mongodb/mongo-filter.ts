/**
 * Translates a validated query into a MongoDB filter and sort. Values only ever appear as operands
 * of operators this module chose (`$eq`, `$in`, `$gt`…, an escaped `$regex`), so a value can never
 * be read as an operator; the validator has already refused any operator outside the language.
 */
import type { Document, Sort } from 'mongodb';
import type { Predicate, SortKey, TextMatch } from '../query.ts';

export function mongoFilter(predicates: readonly Predicate[], text: TextMatch | null): Document {
  const clauses: Document[] = [{ _deleted: false }];
  for (const predicate of predicates) clauses.push(predicateFilter(predicate));
  if (text) {
    const escaped = escapeRegExp(text.value);
    clauses.push({
      [text.path.join('.')]: { $regex: text.mode === 'prefix' ? `^${escaped}` : escaped, $options: 'i' },
    });
  }
  return { $and: clauses };
}

/** MongoDB already orders across types, numbers numerically and strings bytewise; ties go by id. */
export function mongoSort(sort: readonly SortKey[]): Sort {
  return [
    ...sort.map(({ path, direction }): [string, 1 | -1] => [path.join('.'), direction === 'asc' ? 1 : -1]),
    ['_id', 1],
  ];
}

function predicateFilter(predicate: Predicate): Document {
  const field = predicate.path.join('.');
  switch (predicate.kind) {
    case 'equals':
      return { [field]: { $eq: predicate.value } };
    case 'in':
      return { [field]: { $in: predicate.values } };
    case 'range':
      // Type bracketing: a numeric bound only matches numbers, a string bound only strings.
      return { [field]: Object.fromEntries(predicate.bounds.map(({ operator, value }) => [operator, value])) };
  }
}

function escapeRegExp(value: string): string {
  return value.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');
}
