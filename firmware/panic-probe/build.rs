//! Gives the linker a `memory.x` for the probe: the firmware's RAM, and a flash
//! large enough for the whole core's public API at any optimization level. The
//! probe is only linked, never run, so its flash need not fit a real chip (the
//! firmware image is held to its own budget by `run-tests.sh`).

use std::{env, fs, path::PathBuf};

const MEMORY: &str = "\
/* The panic probe: linked, never run. */
MEMORY
{
  FLASH : ORIGIN = 0x00000000, LENGTH = 4M
  RAM   : ORIGIN = 0x20000000, LENGTH = 64K
}
";

fn main() {
    let out = PathBuf::from(env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    fs::write(out.join("memory.x"), MEMORY).expect("OUT_DIR is writable");
    println!("cargo:rustc-link-search={}", out.display());
    println!("cargo:rerun-if-changed=build.rs");
}
