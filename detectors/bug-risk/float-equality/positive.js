const done = (total) => total + 0.1 === 0.3; // expect: float-equality
