const done = (total) => total === 0.3; // expect: float-equality
