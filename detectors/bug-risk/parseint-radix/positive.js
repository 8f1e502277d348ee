const page = parseInt(process.argv[2]); // expect: parseint-radix
