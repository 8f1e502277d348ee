mod args;

fn main() {
    let port = args::port(std::env::args().nth(1).as_deref()).unwrap();
    println!("{port}");
}
