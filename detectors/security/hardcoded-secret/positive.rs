const GITHUB: &str = "ghp_u8jzPde0IgxLd6GncfBAepfJBd0Kh8oOOL8d"; // expect: hardcoded-secret
