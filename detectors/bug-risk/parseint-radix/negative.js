const page = parseInt(process.argv[2], 10);
