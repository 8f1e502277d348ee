const copy = (state) => structuredClone(state);
