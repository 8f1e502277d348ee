const apiKey = "sk_live_4eC39HqLyjWDarjtT1zdp7dc"; // expect: hardcoded-secret
