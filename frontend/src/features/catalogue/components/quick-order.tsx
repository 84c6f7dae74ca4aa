import { useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { MAX_CART_LINE_QUANTITY } from '@labshop/contracts/carts/commands';
import { tierIndexOf } from '@labshop/contracts/catalogue/offer-option';
import type { CartItem } from '@/lib/cart-item.ts';
import { getCatalogueNumbers } from '../api/get-catalogue-numbers.ts';
import { productDetailQueryOptions, type ProductDetail } from '../api/get-product-detail.ts';
import { cartItemOffer, checkAddToCart, initialTierIndex } from '../product-offer.ts';
import { parseQuickOrder, type QuickOrderLine, type QuickOrderProblem } from '../quick-order-lines.ts';
import './quick-order.css';

interface QuickOrderProps {
  /** Puts one line in the cart; supplied by the app because the cart is another feature. */
  onAddToCart(item: CartItem): void;
}

interface Outcome {
  added: { line: QuickOrderLine; item: CartItem }[];
  problems: QuickOrderProblem[];
}

/** The pack a catalogue number names: its tier when it is a tier's number, else the pack the product page opens with. */
const packIndexOf = (detail: ProductDetail, packSize: string | null) => {
  const named = tierIndexOf(detail.priceTiers, packSize);
  return named >= 0 ? named : initialTierIndex(detail);
};

/**
 * Quick order: a buyer pastes "catalogue number, quantity" lines (from a protocol, an old PO or a spreadsheet)
 * and each line they name goes into the cart, with the rules of Add to cart; every line that could not be
 * added is named with the reason and left in the box to correct.
 */
export function QuickOrder({ onAddToCart }: QuickOrderProps) {
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const fieldId = useId();
  const hintId = useId();

  async function order(lines: QuickOrderLine[], problems: QuickOrderProblem[]): Promise<Outcome> {
    const numbers = [...new Set(lines.map((line) => line.catalogNumber))];
    const { found } = await getCatalogueNumbers(numbers);
    const named = new Map(found.map((entry) => [entry.catalogNumber, entry]));
    const details = new Map(
      await Promise.all(
        [...new Set(found.map((entry) => entry.detailId))].map(
          async (detailId) => [detailId, await queryClient.fetchQuery(productDetailQueryOptions(detailId))] as const,
        ),
      ),
    );
    const added: Outcome['added'] = [];
    for (const line of lines) {
      const entry = named.get(line.catalogNumber);
      const detail = entry && details.get(entry.detailId);
      if (!entry || !detail) {
        problems.push({
          lineNumber: line.lineNumber,
          text: line.text,
          message: `${line.catalogNumber} is not a catalogue number we sell.`,
        });
        continue;
      }
      const check = checkAddToCart(detail, packIndexOf(detail, entry.packSize), line.quantity);
      if (check.ok) added.push({ line, item: cartItemOffer(detail, check.offer, check.quantity) });
      else
        problems.push({
          lineNumber: line.lineNumber,
          text: line.text,
          message: `${line.catalogNumber}: ${check.message}`,
        });
    }
    return { added, problems: problems.sort((a, b) => a.lineNumber - b.lineNumber) };
  }

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const { lines, problems } = parseQuickOrder(text, MAX_CART_LINE_QUANTITY);
    if (lines.length === 0 && problems.length === 0) {
      setFailure('Paste at least one line: a catalogue number, a comma and the quantity.');
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const result = lines.length === 0 ? { added: [], problems } : await order(lines, problems);
      for (const { item } of result.added) onAddToCart(item);
      setOutcome(result);
      // What went in leaves the box; what did not stays, to be corrected and sent again.
      setText(result.problems.map((problem) => problem.text).join('\n'));
    } catch (error) {
      setFailure(`Quick order failed. ${error instanceof Error ? error.message : ''} Nothing was added; try again.`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="quick-order" aria-labelledby={`${fieldId}-heading`}>
      <h2 id={`${fieldId}-heading`}>Quick order</h2>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <label htmlFor={fieldId} className="field__label">
          Catalogue numbers and quantities
        </label>
        <p id={hintId} className="quick-order__hint">
          One per line: catalogue number, quantity (e.g. CC-1001, 2). A spreadsheet’s two columns paste as they are.
        </p>
        <textarea
          id={fieldId}
          className="field__input quick-order__lines"
          rows={5}
          value={text}
          aria-describedby={hintId}
          spellCheck={false}
          onChange={(event) => setText(event.target.value)}
        />
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? 'Adding…' : 'Add to cart'}
        </button>
      </form>
      <div role="status" className="quick-order__outcome">
        {failure !== null && <p className="quick-order__failure">{failure}</p>}
        {outcome !== null && failure === null && (
          <>
            {outcome.added.length > 0 && (
              <p>
                {outcome.added.length === 1
                  ? '1 line added to the cart.'
                  : `${outcome.added.length} lines added to the cart.`}
              </p>
            )}
            {outcome.problems.length > 0 && (
              <>
                <p>
                  {outcome.problems.length === 1
                    ? '1 line was not added:'
                    : `${outcome.problems.length} lines were not added:`}
                </p>
                <ul aria-label="Lines not added" className="quick-order__problems">
                  {outcome.problems.map((problem) => (
                    <li key={problem.lineNumber}>{`Line ${problem.lineNumber}: ${problem.message}`}</li>
                  ))}
                </ul>
              </>
            )}
          </>
        )}
      </div>
    </section>
  );
}
