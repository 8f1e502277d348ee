const GITHUB: &str = "ghp_u8jzPde0IgxLd6GncfBAepfJBd0Kh8oOOL8d"; // expect: hardcoded-secret
#[cfg(not(test))]
const SHIPPED: &str = "AKIA4QZ7R2LMX9VKP4TN"; // expect: hardcoded-secret
