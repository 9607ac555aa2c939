/**
 * Progress of a long first start, in counted steps: on a terminal one line redrawn in place with
 * a bar for a counted step ("[swapu] demo marketplace 2/3 photos ████░░░░ 240/538"); anywhere
 * else (a log file, CI, a pipe) plain lines: one when a step starts and one at each quarter of a
 * counted step, never control characters.
 */
export interface ProgressOut {
  write(text: string): unknown;
  isTTY?: boolean;
}

const BAR = 24;

export function progressLine(out: ProgressOut, title: string, steps: number) {
  let current = '';
  let drawn = '';
  let quarter = 0;
  let open = false;
  const head = (step: number, label: string) => `[swapu] ${title} ${step}/${steps} ${label}`;

  return {
    /** Step `step` (1-based) is at `done` of `total`, or just started when there is no count. */
    update(step: number, label: string, done?: number, total?: number) {
      const key = `${step}:${label}`;
      const started = key !== current;
      current = key;
      if (!out.isTTY) {
        if (started) {
          quarter = 0;
          out.write(`${head(step, label)}\n`);
        }
        if (done === undefined || !total) return;
        const q = Math.floor((4 * done) / total);
        if (q > quarter) {
          quarter = q;
          out.write(`${head(step, label)} ${done}/${total}\n`);
        }
        return;
      }
      let line = head(step, label);
      if (done !== undefined && total) {
        const filled = Math.round((BAR * Math.min(done, total)) / total);
        line += ` ${'█'.repeat(filled)}${'░'.repeat(BAR - filled)} ${done}/${total}`;
      }
      if (line === drawn) return;
      if (started && open) out.write('\n');
      out.write(`\r\x1b[2K${line}`);
      drawn = line;
      open = true;
    },
    /** Ends the redrawn line, so what is printed next starts on a line of its own. */
    end() {
      if (out.isTTY && open) out.write('\n');
      open = false;
    },
  };
}
