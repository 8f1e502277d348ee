const smallest = (xs) => [...xs].sort((a, b) => a - b)[0]; // expect: sort-to-pick
