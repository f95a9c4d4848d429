/**
 * What the production process writes, in one format (`LOG_FORMAT`). `json`: every line on stdout and stderr
 * is one JSON object, so a log pipeline never meets a line it cannot parse: console output (Next's own lines,
 * a dependency's notice such as bigint-buffer's "Failed to load bindings") and Node's process warnings become
 * log lines like the logger's, with `source: "console"` or `"process"`. `text`: the logger's JSON lines are
 * written as `time level msg key=value …` for a person at a terminal; other output is left as it is.
 * Installed by scripts/start.ts before anything else loads, since dependencies print at import.
 */
import { format } from 'node:util';
import { createLogger, type LogLevel, type Logger } from './logger';

export type LogFormat = 'json' | 'text';

type ConsoleMethod = 'log' | 'info' | 'debug' | 'warn' | 'error' | 'trace';
const CONSOLE_LEVELS: Record<ConsoleMethod, LogLevel> = { log: 'info', info: 'info', debug: 'debug', trace: 'debug', warn: 'warn', error: 'error' };

// Next prints its lines with a symbol and colours in front ("✓ Running next.config.mjs", "⨯ uncaughtException").
// eslint-disable-next-line no-control-regex
const DECORATION = /\u001b\[[0-9;]*m|^\s*[✓⨯⚠○●▲»›-]\s*/gu;

const messageOf = (args: unknown[]) =>
  format(...args)
    .replace(DECORATION, '')
    .trim();

function routeConsoleToLog(level: LogLevel | 'silent'): void {
  const out = createLogger(level, { source: 'console' }, (line) => process.stdout.write(`${line}\n`));
  const err = createLogger(level, { source: 'console' }, (line) => process.stderr.write(`${line}\n`));
  for (const method of Object.keys(CONSOLE_LEVELS) as ConsoleMethod[]) {
    const at = CONSOLE_LEVELS[method];
    const logger: Logger = at === 'warn' || at === 'error' ? err : out;
    console[method] = (...args: unknown[]) => {
      const msg = messageOf(args);
      if (msg !== '') logger[at](msg);
    };
  }
  // Node prints its warnings (deprecations, experimental features) itself unless its own listener is removed.
  process.removeAllListeners('warning');
  process.on('warning', (warning) => err.warn(warning.message, { source: 'process', warning: warning.name, code: (warning as { code?: string }).code }));
}

/** `2026-11-27T17:45:09.542Z info shutdown started reason=SIGTERM graceMs=20000` from the logger's JSON line. */
export function textLine(jsonLine: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(jsonLine) as Record<string, unknown>;
  } catch {
    return jsonLine;
  }
  if (typeof entry !== 'object' || entry === null || typeof entry.msg !== 'string') return jsonLine;
  const { time, level, msg, ...fields } = entry;
  const rest = Object.entries(fields).map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  return [time, level, msg, ...rest].join(' ');
}

function renderLogAsText(): void {
  const write = process.stdout.write.bind(process.stdout) as (chunk: string | Uint8Array, ...rest: unknown[]) => boolean;
  process.stdout.write = (chunk: string | Uint8Array, ...rest: unknown[]) => {
    if (typeof chunk !== 'string' || !chunk.startsWith('{')) return write(chunk, ...rest);
    return write(
      chunk
        .split('\n')
        .map((line) => (line === '' ? line : textLine(line)))
        .join('\n'),
      ...rest,
    );
  };
}

export function installProcessOutput(logFormat: LogFormat, level: LogLevel | 'silent'): void {
  if (logFormat === 'json') routeConsoleToLog(level);
  else renderLogAsText();
}
