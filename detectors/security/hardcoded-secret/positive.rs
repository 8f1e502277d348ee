const GITHUB: &str = "ghp_abcdefghijklmnopqrstuvwxyzABCDEF0123"; // expect: hardcoded-secret
