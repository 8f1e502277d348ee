const smallest = (xs) => Math.min(...xs);
