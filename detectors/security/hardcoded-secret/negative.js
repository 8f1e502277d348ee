const apiKey = process.env.API_KEY;
