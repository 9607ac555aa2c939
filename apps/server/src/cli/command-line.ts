/**
 * The operators' file commands (backup, restore, storage:copy): their `--name value` options, the
 * failure that explains their use (exit 2), and the `--concurrency N` they all take (1 to 64,
 * default 8).
 */
export function commandLine(args = process.argv.slice(2)) {
  const value = (name: string) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const fail = (message: string): never => {
    console.error(message);
    process.exit(2);
  };
  const concurrency = () => {
    const n = Number(value('concurrency') ?? 8);
    if (!Number.isInteger(n) || n < 1 || n > 64) fail('--concurrency must be a whole number from 1 to 64');
    return n;
  };
  return { args, value, fail, concurrency };
}
