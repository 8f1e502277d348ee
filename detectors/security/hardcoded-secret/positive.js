const apiKey = "sk_live_4eC39HqLyjWDarjtT1zdp7dc"; // expect: hardcoded-secret
const dbPassword = "pR9x!vQ2#mK7zL4w"; // expect: hardcoded-secret
