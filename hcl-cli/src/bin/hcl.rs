//! `hcl`: check, evaluate and convert HCL files.

fn main() {
    std::process::exit(hcl_cli::hcl::run(std::env::args().skip(1).collect()));
}
