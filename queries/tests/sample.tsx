// TSX-only syntax; the TSX grammar is also run over sample.ts (see tests/it/queries.rs).
export const View = () => <div onClick={() => go()}>hi</div>;
