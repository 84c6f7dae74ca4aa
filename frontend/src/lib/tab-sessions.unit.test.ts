import { afterEach, describe, expect, it } from 'vitest';
import { shareTabSessions, type TabSessions } from './tab-sessions.ts';

const none: TabSessions = { customer: null, admin: null };
const signedIn: TabSessions = { customer: { token: 'a.b.c', remember: false }, admin: null };
const stops: (() => void)[] = [];
afterEach(() => stops.splice(0).forEach((stop) => stop()));

/** A tab of the shop on its own channel (as each tab has), holding `sessions`; what it adopts and when it was answered. */
function tab(sessions: TabSessions, name = 'labshop.sessions.test') {
  const seen = { adopted: [] as TabSessions[], asked: 0, answered: 0 };
  let held = sessions;
  const answeredOnce = new Promise<void>((resolve) => {
    stops.push(
      shareTabSessions({
        current: () => held,
        adopt: (adopted) => {
          seen.adopted.push(adopted);
          held = adopted;
        },
        asked: () => (seen.asked += 1),
        answered: () => {
          seen.answered += 1;
          resolve();
        },
        channel: new BroadcastChannel(name),
      }),
    );
  });
  return { seen, answeredOnce };
}

describe('sessions shared with a new tab', () => {
  it('a new tab without a session takes the session an open tab holds', async () => {
    tab(signedIn);
    const opened = tab(none);
    await opened.answeredOnce;
    expect(opened.seen).toEqual({ adopted: [signedIn], asked: 1, answered: 1 });
  });

  it('with no open tab signed in, it stops asking after the timeout and adopts nothing', async () => {
    tab(none, 'labshop.sessions.lonely');
    const opened = tab(none, 'labshop.sessions.lonely');
    await opened.answeredOnce;
    expect(opened.seen).toEqual({ adopted: [], asked: 1, answered: 1 });
  });

  it('a tab with a session of its own asks nothing and keeps it', async () => {
    tab({ customer: { token: 'x.y.z', remember: true }, admin: null }, 'labshop.sessions.own');
    const own = tab(signedIn, 'labshop.sessions.own');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(own.seen).toEqual({ adopted: [], asked: 0, answered: 0 });
  });

  it('ignores an answer that is not a session', async () => {
    const liar = new BroadcastChannel('labshop.sessions.liar');
    liar.onmessage = () => liar.postMessage({ kind: 'tell', customer: { token: 42 }, admin: null });
    stops.push(() => liar.close());
    const opened = tab(none, 'labshop.sessions.liar');
    await opened.answeredOnce;
    expect(opened.seen.adopted).toEqual([]);
  });
});
