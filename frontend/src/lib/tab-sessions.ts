import { createSlice } from '@reduxjs/toolkit';
import { useSelector } from 'react-redux';

/**
 * Sessions kept for the browser's life only (a customer without Remember me; every admin) live in one tab's
 * sessionStorage, which a tab opened from it does not inherit. So a new tab without a session of its own asks the
 * shop's open tabs for theirs over a BroadcastChannel (same origin only) and takes the first answer: a buyer who opens
 * an order in a new tab stays signed in, and closing the browser still ends the session. The pages that need a session
 * wait for the answer (at most `ASK_TIMEOUT_MS`) before they send anyone to sign in.
 */
export const ASK_TIMEOUT_MS = 300;
const CHANNEL = 'labshop.sessions';

export interface TabSessions {
  customer: { token: string; remember: boolean } | null;
  admin: string | null;
}

type Message = { kind: 'ask' } | ({ kind: 'tell' } & TabSessions);

const isTell = (data: unknown): data is { kind: 'tell' } & TabSessions => {
  if (typeof data !== 'object' || data === null || (data as { kind?: unknown }).kind !== 'tell') return false;
  const { customer, admin } = data as Partial<TabSessions>;
  const customerOk =
    customer === null || (typeof customer?.token === 'string' && typeof customer.remember === 'boolean');
  return customerOk && (admin === null || typeof admin === 'string');
};

export const tabSessionsSlice = createSlice({
  name: 'tabSessions',
  initialState: () => ({ asking: false }),
  reducers: {
    tabSessionsAsked(state) {
      state.asking = true;
    },
    tabSessionsAnswered(state) {
      state.asking = false;
    },
  },
});

export const { tabSessionsAsked, tabSessionsAnswered } = tabSessionsSlice.actions;

/** True while this tab waits for an open tab's answer: a page that needs a session shows that it is loading. */
export const useAskingOpenTabs = () =>
  useSelector((state: { tabSessions: { asking: boolean } }) => state.tabSessions.asking);

/**
 * Answers other tabs' questions with this tab's sessions, and, when this tab has none (`current()` empty), asks them:
 * `adopt` gets the first answer holding a session; `answered` is called once either way (an answer or the timeout).
 */
export function shareTabSessions({
  current,
  adopt,
  asked,
  answered,
  channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL),
}: {
  current: () => TabSessions;
  adopt: (sessions: TabSessions) => void;
  asked: () => void;
  answered: () => void;
  channel?: BroadcastChannel | null;
}): () => void {
  if (channel === null) return () => undefined;
  const held = (sessions: TabSessions) => sessions.customer !== null || sessions.admin !== null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let asking = !held(current());
  const stopAsking = () => {
    asking = false;
    clearTimeout(timer);
    answered();
  };
  channel.onmessage = ({ data }: MessageEvent<unknown>) => {
    if ((data as Message | null)?.kind === 'ask') {
      const sessions = current();
      if (held(sessions)) channel.postMessage({ kind: 'tell', ...sessions } satisfies Message);
    } else if (asking && isTell(data) && held(data)) {
      adopt({ customer: data.customer, admin: data.admin });
      stopAsking();
    }
  };
  if (asking) {
    asked();
    channel.postMessage({ kind: 'ask' } satisfies Message);
    timer = setTimeout(stopAsking, ASK_TIMEOUT_MS);
  }
  return () => {
    clearTimeout(timer);
    channel.close();
  };
}
