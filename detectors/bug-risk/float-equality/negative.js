const done = (total) => Math.abs(total - 0.3) < 1e-9 || total === 0;
