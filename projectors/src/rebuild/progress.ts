import type { Position } from '@labshop/platform/event-store/port';

const BAR_WIDTH = 30;
const TTY_REDRAW_MS = 100;
const LINE_EVERY_MS = 500;

/**
 * How far `position` lies between `first` and `head`, estimated from the positions' digits (both
 * adapters encode a position as zero-padded numbers, so their value grows along the log). Only a
 * progress bar's estimate: the count of events applied is exact.
 */
export function estimateFraction(position: Position, first: Position, head: Position): number {
  const value = (p: Position) => (p === '' ? 0n : BigInt(p.replace(/\D/g, '') || '0'));
  const span = value(head) - value(first);
  if (span <= 0n) return 1;
  const done = value(position) - value(first);
  return Math.min(1, Math.max(0, Number((done * 10_000n) / span) / 10_000));
}

export interface ProgressReport {
  events: number;
  fraction: number;
}

/**
 * A progress bar with the rate in events per second, on stderr: redrawn in place on a terminal,
 * otherwise a line at the first report and then at most every half second (logs and child processes).
 */
export function createProgressBar(label: string, stream: NodeJS.WriteStream = process.stderr) {
  const started = performance.now();
  let lastDrawn = -Infinity;
  let drawnOnce = false;
  const render = ({ events, fraction }: ProgressReport) => {
    const seconds = (performance.now() - started) / 1_000;
    const rate = seconds > 0 ? Math.round(events / seconds) : 0;
    const filled = Math.round(fraction * BAR_WIDTH);
    return `${label} [${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}] ${String(Math.floor(fraction * 100)).padStart(3)}% ${events.toLocaleString('en-US')} events ${rate.toLocaleString('en-US')} events/s`;
  };
  return {
    update(report: ProgressReport) {
      const now = performance.now();
      if (stream.isTTY) {
        if (now - lastDrawn < TTY_REDRAW_MS) return;
        stream.write(`\r${render(report)}`);
      } else {
        if (drawnOnce && now - lastDrawn < LINE_EVERY_MS) return;
        stream.write(`${render(report)}\n`);
      }
      lastDrawn = now;
      drawnOnce = true;
    },
    done(report: ProgressReport) {
      stream.write(stream.isTTY ? `\r${render(report)}\n` : `${render(report)}\n`);
    },
  };
}
