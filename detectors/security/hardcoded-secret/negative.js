const apiKey = process.env.API_KEY;
const passwordLabel = "Enter your password"; const secretKey = "<insert secret key>";
