//! `hcldec`: decode HCL into JSON with a decoding specification, as
//! hashicorp's cmd/hcldec does.

fn main() {
    std::process::exit(hcl_cli::hcldec::run(std::env::args().skip(1).collect()));
}
