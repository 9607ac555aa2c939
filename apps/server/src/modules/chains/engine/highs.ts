import loadHighs, { type Highs } from 'highs';

/** The HiGHS runtime (WebAssembly), loaded once per process on first use (about 0.1 s). */
let runtime: Promise<Highs> | null = null;
export function highsRuntime(): Promise<Highs> {
  runtime ??= loadHighs();
  return runtime;
}

/**
 * A set-packing model over cycles: maximise Σ w_c x_c subject to Σ_{c ∋ v} x_c ≤ 1 for every item
 * v, x binary (or in [0, 1] for the LP relaxation). Columns are cycles (CSC: one row per item).
 */
export interface PackingModel {
  numCols: number;
  numRows: number;
  weight: Float64Array;
  starts: Int32Array;
  rows: Int32Array;
}

export interface PackingSolution {
  /** 'optimal' (proved), 'limit' (time or other limit: incumbent and bound as far as they got), 'error'. */
  status: 'optimal' | 'limit' | 'error';
  /** Chosen columns (x = 1), or the LP values for a relaxation. */
  x: Float64Array | null;
  objective: number | null;
  /** Proven upper bound on the objective (MIP dual bound, or the LP optimum). */
  bound: number | null;
  ms: number;
}

export async function solvePacking(
  model: PackingModel,
  opts: {
    integer: boolean;
    timeLimitSec: number;
    start?: Float64Array;
    /** Stop once within this of the bound (default 0.5: weights are integers). */ absGap?: number;
  },
): Promise<PackingSolution> {
  const highs = await highsRuntime();
  const t0 = performance.now();
  const { numCols, numRows } = model;
  const m = highs.createModel({
    numCols,
    numRows,
    sense: highs.constants.objectiveSense.maximize,
    colCost: model.weight,
    colLower: new Float64Array(numCols),
    colUpper: new Float64Array(numCols).fill(1),
    rowLower: new Float64Array(numRows).fill(-highs.infinity),
    rowUpper: new Float64Array(numRows).fill(1),
    matrix: {
      format: 'csc',
      numRows,
      numCols,
      starts: model.starts,
      indices: model.rows,
      values: new Float64Array(model.rows.length).fill(1),
    },
    ...(opts.integer ? { integrality: new Int32Array(numCols).fill(highs.constants.variableType.integer) } : {}),
  });
  try {
    m.options.set({
      output_flag: false,
      time_limit: Math.max(0.05, opts.timeLimitSec),
      random_seed: 19,
      // weights are integers: stop only when no better integer objective can exist
      ...(opts.integer ? { mip_rel_gap: 0, mip_abs_gap: opts.absGap ?? 0.5 } : {}),
    });
    if (opts.integer && opts.start) m.setSolution({ colValue: opts.start });
    const run = m.run();
    const ms = performance.now() - t0;
    const S = highs.constants.modelStatus;
    const status =
      run.modelStatus === S.optimal ? 'optimal' : run.modelStatus === S.timeLimit || run.modelStatus === S.interrupted ? 'limit' : 'error';
    if (status === 'error') return { status, x: null, objective: null, bound: null, ms };
    const primal = Number(m.info.get('primal_solution_status'));
    const x = primal === 2 ? m.getSolution().colValue : null;
    const objective = x ? m.getObjectiveValue() : null;
    let bound: number | null = null;
    if (opts.integer) {
      const b = Number(m.info.get('mip_dual_bound'));
      bound = Number.isFinite(b) ? b : null;
    } else if (status === 'optimal') {
      bound = objective;
    }
    return { status, x, objective, bound, ms };
  } finally {
    m.dispose();
  }
}
