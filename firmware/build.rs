//! Puts the LM3S6965's flash and RAM (`lm3s6965.x`) on the linker's search path
//! as `memory.x` (not kept under that name here: the linker would also find it
//! in this folder when it links the panic probe, which has its own),
//! and adds defmt's linker script when the `defmt` feature is on.

use std::{env, fs, path::PathBuf};

fn main() {
    let out = PathBuf::from(env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    fs::copy("lm3s6965.x", out.join("memory.x")).expect("lm3s6965.x is beside Cargo.toml");
    println!("cargo:rustc-link-search={}", out.display());
    println!("cargo:rerun-if-changed=lm3s6965.x");
    println!("cargo:rerun-if-changed=build.rs");
    if env::var_os("CARGO_FEATURE_DEFMT").is_some() {
        println!("cargo:rustc-link-arg=-Tdefmt.x");
    }
}
