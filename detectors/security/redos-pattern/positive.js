const words = /^(\w+\s?)*$/; // expect: redos-pattern
