fn main() {
    println!("bench: not yet");
}
