// The swap-chain engine (issue 19, decision 0027): pure computation over a want graph, no
// database. The service layer builds a graph from listings and likes, then asks for chains.
export { buildChainGraph, type ChainGraph, type ChainItemInput, type WantEdgeInput } from './graph';
export { findChains, type Chain, type ChainResult, type FindChainsOptions } from './find-chains';
export { ChainIndex, type ChainThroughOptions, type ChainThroughResult } from './incremental';
export { validateChains, type ChainToCheck, type Validation, type ValidateOptions, type Violation, type ViolationKind } from './validate';
export { parseMathTrade, type MathTrade } from './math-trade';
