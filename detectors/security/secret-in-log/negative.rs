use log::info;

pub fn login(user: &User, password: &str) {
    info!("login for {} ({} characters of password)", user.name, password.len());
    info!("password changed for {}", user.name);
    // A command-line tool prints to its operator, not to a log.
    println!("your new api key: {}", user.api_key);
    let password_hash = hash(password);
    info!("hash ready: {}", password_hash.len());
}
