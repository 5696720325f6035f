//! Puts the firmware's `memory.x` (one folder up) on the linker's search path.

use std::{env, fs, path::PathBuf};

fn main() {
    let out = PathBuf::from(env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    fs::copy("../memory.x", out.join("memory.x")).expect("memory.x is in firmware/");
    println!("cargo:rustc-link-search={}", out.display());
    println!("cargo:rerun-if-changed=../memory.x");
    println!("cargo:rerun-if-changed=build.rs");
}
