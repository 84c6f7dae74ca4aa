import type { Logger } from '../logger.ts';

export interface LogLine {
  level: 'debug' | 'info' | 'warn' | 'error';
  message: string;
  details: Record<string, unknown>;
}

/** A Logger that keeps its lines, so tests can check what a developer or operator would see. */
export function createRecordingLogger(): Logger & { lines: LogLine[] } {
  const lines: LogLine[] = [];
  const at = (level: LogLine['level']) => (details: object, message: string) => {
    lines.push({ level, message, details: details as Record<string, unknown> });
  };
  return { lines, debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}
