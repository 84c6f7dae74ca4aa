import type {
  EventMetadata,
  EventStore,
  ExpectedRevision,
  Position,
  RecordedEvent,
} from '@labshop/platform/event-store/port';
import { handleCommand } from '@labshop/platform/deciders/handle-command';
import type { FoldedStream } from '@labshop/platform/deciders/stream-fold-cache';
import { DomainError } from '@labshop/contracts/domain-error';
import { customerCartStream } from '@labshop/contracts/carts/events';
import { orderStream } from '@labshop/contracts/orders/events';
import { orderDecider } from '@labshop/contracts/orders/decider';
import type { OrderPaymentView, OrderView } from '@labshop/contracts/orders/queries';
import {
  checkoutProcess,
  checkoutProcessStream,
  linesToReserve,
  nextCheckoutStep,
  orderCommandOf,
  type CheckoutProcessCommand,
  type CheckoutProcessEvent,
  type CheckoutProcessState,
  type CheckoutStep,
  type CheckoutStepOutcome,
  type CheckoutSubmission,
} from '@labshop/contracts/orders/checkout-process';
import { runCartCommand } from '../carts/cart-commands.ts';
import { releaseStock, reserveStock } from '../stock/order-stock.ts';
import { readOrder, runOrderCommand, type ReadOrder } from './order-commands.ts';
import { ORDER_ID_NAMESPACE, uuidV5 } from './order-id.ts';

export interface CheckoutDeps {
  eventStore: EventStore;
  /** The submission's events to their reactors' jobs at once (the workers' reactNow); without it the reactors' subscription takes them. */
  reactNow?: ((events: readonly RecordedEvent[]) => void) | undefined;
  /**
   * Test seam: called before each step runs and after it ran (before it is recorded). A throw stops the process
   * there, as a crash would; whoever reads the process next resumes it.
   */
  interrupt?: ((step: CheckoutStep['type'], moment: 'before' | 'after') => void) | undefined;
}

/** What a checkout answers: the order after the submission, and the position to wait for to read it. */
export type CheckoutAnswer = OrderView & { position: Position };

/** A process's stream folded, with the metadata it was started with (its resumed steps are recorded as the starter's). */
interface FoldedCheckout extends FoldedStream<CheckoutProcessState> {
  startedWith: EventMetadata | null;
}

const processEventTypes = [
  'CheckoutStarted',
  'CheckoutStockReserved',
  'CheckoutOrderSubmitted',
  'CheckoutSubmissionRefused',
  'CheckoutStockReleased',
  'CheckoutCartCheckedOut',
  'CheckoutHandedOff',
] as const satisfies readonly CheckoutProcessEvent['type'][];

async function readCheckout(store: EventStore, orderId: string): Promise<FoldedCheckout> {
  let folded: FoldedCheckout = { state: null, revision: 'no_stream', position: '', startedWith: null };
  for await (const recorded of store.readStream(checkoutProcessStream(orderId)))
    folded = evolveRecorded(folded, recorded);
  return folded;
}

function evolveRecorded(folded: FoldedCheckout, recorded: RecordedEvent): FoldedCheckout {
  const event = { type: recorded.type, data: recorded.data } as CheckoutProcessEvent;
  return {
    state: checkoutProcess.evolve(folded.state, event),
    revision: recorded.revision,
    position: recorded.position,
    startedWith: event.type === 'CheckoutStarted' ? recorded.metadata : folded.startedWith,
  };
}

const later = (a: Position, b: Position) => (a > b ? a : b);

/** The order's submission event as the store recorded it (for the workers), or undefined. */
async function recordedSubmission(store: EventStore, orderId: string, type: string) {
  let found: RecordedEvent | undefined;
  for await (const recorded of store.readStream(orderStream(orderId))) if (recorded.type === type) found = recorded;
  return found;
}

/** The events a command appended as the store recorded them: its ids, revisions counted back from the last. */
function recordedEvents(
  stream: string,
  appended: {
    events: readonly { type: string; data: unknown }[];
    ids: readonly string[];
    revision: ExpectedRevision;
    position: Position;
  },
  metadata: EventMetadata,
): RecordedEvent[] {
  const last = Number(appended.revision);
  return appended.events.map((event, index) => ({
    id: appended.ids[index]!,
    type: event.type,
    data: event.data,
    stream,
    revision: last - (appended.events.length - 1 - index),
    position: appended.position,
    metadata,
  }));
}

/**
 * Runs a process's pending steps to its end, recording each. `firstRead` is the order's read the request already
 * has, for the submission's first decision. Answers the order after the submission (null when another runner
 * submitted it, or it was refused) and the positions reached; the order's refusal, if there was one; the process's fold.
 */
async function drive(
  deps: CheckoutDeps,
  start: FoldedCheckout,
  metadata: EventMetadata,
  firstRead?: ReadOrder,
): Promise<{ answer: CheckoutAnswer | null; refusal: DomainError | null; folded: FoldedCheckout }> {
  const store = deps.eventStore;
  let folded = start;
  // What this run did: the submission it appended (for the workers and the answer), the order's refusal, the last position.
  const run: {
    submitted?: { events: RecordedEvent[]; answer: CheckoutAnswer };
    refusal?: DomainError;
    position: Position;
  } = { position: '' };

  async function perform(step: CheckoutStep): Promise<CheckoutStepOutcome> {
    switch (step.type) {
      case 'ReserveStock': {
        const reserved = await reserveStock(store, step.orderId, step.lines, step.at, metadata);
        return { step: step.type, allocations: reserved.allocations };
      }
      case 'SubmitToOrder':
        try {
          const decided = await runOrderCommand(store, step.orderId, step.command, metadata, firstRead);
          const events = recordedEvents(orderStream(step.orderId), decided, metadata);
          run.submitted = { events, answer: { ...decided.view, position: decided.position } };
          run.position = decided.position;
          return { step: step.type, refusal: null };
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
          // Submitted before a crash kept it from being recorded here: the order holds it (one submission per order).
          if (await recordedSubmission(store, step.orderId, step.submissionEvent))
            return { step: step.type, refusal: null };
          run.refusal = error;
          return { step: step.type, refusal: { code: error.code, message: error.message } };
        }
      case 'ReleaseStock':
        await releaseStock(store, step.orderId, step.lines, step.at, metadata);
        return { step: step.type };
      case 'CheckOutCart': {
        // Emptied once, whatever retries come: the command id is the order's.
        const commandId = uuidV5(`cart-checkout/${step.orderId}`, ORDER_ID_NAMESPACE);
        const checkedOut = await runCartCommand(
          store,
          customerCartStream(step.customerId),
          { type: 'CheckOutCart', commandId, now: step.at, orderId: step.orderId },
          metadata,
        );
        run.position = later(run.position, checkedOut.position);
        return { step: step.type };
      }
      case 'HandOff': {
        // On resuming, the submission as the order's stream recorded it (the reactor derives the same job ids from it).
        const events =
          run.submitted?.events ??
          [await recordedSubmission(store, step.orderId, step.submissionEvent)].filter((event) => event !== undefined);
        deps.reactNow?.(events);
        return { step: step.type };
      }
    }
  }

  for (let step = nextCheckoutStep(folded.state); step; step = nextCheckoutStep(folded.state)) {
    deps.interrupt?.(step.type, 'before');
    const outcome = await perform(step);
    deps.interrupt?.(step.type, 'after');
    folded = await decideOnProcess(store, folded, { type: 'RecordStep', outcome }, metadata);
  }
  const answer = run.submitted?.answer;
  return {
    answer: answer ? { ...answer, position: later(answer.position, run.position) } : null,
    refusal: run.refusal ?? null,
    folded,
  };
}

/** A process command decided on the fold the runner has (a lost race folds the stream again), and its fold after. */
async function decideOnProcess(
  store: EventStore,
  folded: FoldedCheckout,
  command: CheckoutProcessCommand,
  metadata: EventMetadata,
): Promise<FoldedCheckout & { started: boolean }> {
  let known: FoldedCheckout | undefined = folded;
  let decidedOn = folded;
  const load = async (): Promise<FoldedCheckout> => {
    decidedOn = known ?? (await readCheckout(store, folded.state?.orderId ?? orderIdOf(command)));
    known = undefined;
    return decidedOn;
  };
  const handled = await handleCommand(
    store,
    checkoutProcessStream(folded.state?.orderId ?? orderIdOf(command)),
    checkoutProcess,
    command,
    metadata,
    { load },
  );
  const startedWith = handled.events.some((event) => event.type === 'CheckoutStarted')
    ? metadata
    : decidedOn.startedWith;
  return { ...handled, startedWith, started: handled.events.length > 0 && command.type === 'StartCheckout' };
}

const orderIdOf = (command: CheckoutProcessCommand) => {
  if (command.type !== 'StartCheckout') throw new Error('A step is recorded on a started process');
  return command.orderId;
};

/** The metadata a resumed process's steps are recorded with: the starter's, at the moment of resuming. */
const resumedWith = (folded: FoldedCheckout): EventMetadata => ({
  ...folded.startedWith!,
  occurredAt: new Date().toISOString(),
});

/** Finishes the order's process if one stopped halfway (a crash, a lost connection); does nothing otherwise. */
export async function resumeCheckout(deps: CheckoutDeps, orderId: string): Promise<void> {
  const folded = await readCheckout(deps.eventStore, orderId);
  if (nextCheckoutStep(folded.state)) await drive(deps, folded, resumedWith(folded));
}

/**
 * Finishes every process that stopped halfway (run once at start-up: a process whose request died with its
 * instance). Answers how many it resumed; one that fails again is left to the next request for its order.
 */
export async function resumeUnfinishedCheckouts(
  deps: CheckoutDeps,
  onFailure: (orderId: string, error: unknown) => void,
): Promise<number> {
  const started = new Map<string, FoldedCheckout>();
  for await (const recorded of deps.eventStore.readAll({ types: processEventTypes })) {
    const orderId = (recorded.data as { orderId: string }).orderId;
    const folded = started.get(orderId) ?? { state: null, revision: 'no_stream', position: '', startedWith: null };
    started.set(orderId, evolveRecorded(folded, recorded));
  }
  let resumed = 0;
  for (const [orderId, folded] of started) {
    if (!nextCheckoutStep(folded.state)) continue;
    try {
      await drive(deps, folded, resumedWith(folded));
      resumed++;
    } catch (error) {
      onFailure(orderId, error);
    }
  }
  return resumed;
}

export interface CheckoutRequest {
  orderId: string;
  customerId: string;
  submission: CheckoutSubmission;
  metadata: EventMetadata;
  /** Whether a submission the order already holds is this one again (a retry after a lost answer): it is answered, not refused. */
  repeats?: (payment: OrderPaymentView) => boolean;
}

/**
 * Submits to the order through the checkout process: a process of the order still running is finished first;
 * then the order decides once whether it takes the submission (a refusal writes nothing), and the process runs.
 */
export async function submitCheckout(deps: CheckoutDeps, request: CheckoutRequest): Promise<CheckoutAnswer> {
  const { eventStore: store } = deps;
  const { orderId, customerId, submission, metadata, repeats } = request;
  const at = new Date(metadata.occurredAt);
  for (;;) {
    let folded = await readCheckout(store, orderId);
    if (nextCheckoutStep(folded.state)) ({ folded } = await drive(deps, folded, resumedWith(folded)));
    const read = await readOrder(store, orderId);
    try {
      orderDecider.decide(orderCommandOf(customerId, submission, at), read.state);
    } catch (error) {
      const payment = read.state?.customerId === customerId ? read.state.view.payment : null;
      if (error instanceof DomainError && error.code === 'order_already_submitted' && payment && repeats?.(payment))
        return { ...read.state!.view, position: read.position };
      throw error;
    }
    const lines = linesToReserve(submission, read.state!.view);
    const started = await decideOnProcess(
      store,
      folded,
      { type: 'StartCheckout', orderId, customerId, submission, lines, at },
      metadata,
    );
    // Another request started a process of this order meanwhile: it is finished, then this one is decided again.
    if (!started.started) continue;
    const { answer, refusal } = await drive(deps, started, metadata, read);
    if (refusal) throw refusal;
    if (answer) return answer;
    // Submitted by another runner of this very process (a resumer racing this request): the order as it stands.
    const after = await readOrder(store, orderId);
    return { ...after.state!.view, position: after.position };
  }
}
