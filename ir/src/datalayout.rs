//! The data layout string (`target datalayout = "..."`), checked as LLVM 22's
//! `DataLayout::parse` checks it: the reader refuses what LLVM refuses, with LLVM's message.
//! Only validity is decided here; the few properties mergefn reads (pointer sizes, the program
//! address space) are looked up on [`Module`](crate::Module).

/// LLVM's verdict on data layout `dl`: `Err` with its message when it refuses it.
pub fn check(dl: &str) -> Result<(), String> {
    if dl.is_empty() {
        return Ok(());
    }
    for spec in dl.split('-') {
        if spec.is_empty() {
            return Err("empty specification is not allowed".into());
        }
        spec_ok(spec)?;
    }
    Ok(())
}

fn form(f: &str) -> String {
    format!("malformed specification, must be of the form \"{f}\"")
}

fn addrspace(s: &str) -> Result<u32, String> {
    if s.is_empty() {
        return Err("address space component cannot be empty".into());
    }
    match s.parse::<u32>() {
        Ok(n) if n < 1 << 24 && s.bytes().all(|b| b.is_ascii_digit()) => Ok(n),
        _ => Err("address space must be a 24-bit integer".into()),
    }
}

fn size(s: &str, name: &str) -> Result<u32, String> {
    if s.is_empty() {
        return Err(format!("{name} component cannot be empty"));
    }
    match s.parse::<u32>() {
        Ok(n) if n > 0 && n < 1 << 24 && s.bytes().all(|b| b.is_ascii_digit()) => Ok(n),
        _ => Err(format!("{name} must be a non-zero 24-bit integer")),
    }
}

/// An alignment in bits, returned in bytes (a zero allowed reads as 1).
fn align(s: &str, name: &str, allow_zero: bool) -> Result<u32, String> {
    if s.is_empty() {
        return Err(format!("{name} alignment component cannot be empty"));
    }
    let v = match s.parse::<u32>() {
        Ok(v) if v < 1 << 16 && s.bytes().all(|b| b.is_ascii_digit()) => v,
        _ => return Err(format!("{name} alignment must be a 16-bit integer")),
    };
    if v == 0 {
        return if allow_zero {
            Ok(1)
        } else {
            Err(format!("{name} alignment must be non-zero"))
        };
    }
    if v % 8 != 0 || !(v / 8).is_power_of_two() {
        return Err(format!(
            "{name} alignment must be a power of two times the byte width"
        ));
    }
    Ok(v / 8)
}

fn abi_pref(parts: &[&str], abi_at: usize, abi_zero: bool) -> Result<(), String> {
    let abi = align(parts[abi_at], "ABI", abi_zero)?;
    if let Some(p) = parts.get(abi_at + 1) {
        if align(p, "preferred", false)? < abi {
            return Err("preferred alignment cannot be less than the ABI alignment".into());
        }
    }
    Ok(())
}

fn spec_ok(spec: &str) -> Result<(), String> {
    if let Some(rest) = spec.strip_prefix("ni") {
        let Some(rest) = rest.strip_prefix(':') else {
            return Err(form("ni:<address space>[:<address space>]..."));
        };
        for a in rest.split(':') {
            if addrspace(a)? == 0 {
                return Err("address space 0 cannot be non-integral".into());
            }
        }
        return Ok(());
    }
    let kind = spec.as_bytes()[0];
    if !kind.is_ascii() {
        let c = spec.chars().next().unwrap_or('?');
        return Err(format!("unknown specifier '{c}'"));
    }
    let rest = &spec[1..];
    match kind {
        b'i' | b'f' | b'v' => {
            let parts: Vec<&str> = rest.split(':').collect();
            if !(2..=3).contains(&parts.len()) {
                return Err(form(&format!("{}<size>:<abi>[:<pref>]", kind as char)));
            }
            let bits = size(parts[0], "size")?;
            let abi = align(parts[1], "ABI", false)?;
            if kind == b'i' && bits == 8 && abi != 1 {
                return Err("i8 must be 8-bit aligned".into());
            }
            abi_pref(&parts, 1, false)
        }
        b'a' => {
            let parts: Vec<&str> = rest.split(':').collect();
            if !(2..=3).contains(&parts.len()) {
                return Err(form("a:<abi>[:<pref>]"));
            }
            if !parts[0].is_empty() && parts[0].parse::<u64>().ok() != Some(0) {
                return Err("size must be zero".into());
            }
            abi_pref(&parts, 1, true)
        }
        b'p' => {
            // p[flags][<n>]:<size>:<abi>[:<pref>[:<idx>]]; LLVM 22's flags are `u` and `e`.
            let parts: Vec<&str> = rest.split(':').collect();
            if !(3..=5).contains(&parts.len()) {
                return Err(form("p[<n>]:<size>:<abi>[:<pref>[:<idx>]]"));
            }
            let mut head = parts[0];
            while let Some(c) = head.chars().next().filter(|c| c.is_ascii_alphabetic()) {
                if !matches!(c, 'u' | 'e') {
                    return Err(format!("'{c}' is not a valid pointer specification flag"));
                }
                head = &head[1..];
            }
            if !head.is_empty() {
                addrspace(head)?;
            }
            let bits = size(parts[1], "pointer size")?;
            abi_pref(&parts, 2, false)?;
            if let Some(idx) = parts.get(4) {
                if size(idx, "index size")? > bits {
                    return Err("index size cannot be larger than the pointer size".into());
                }
            }
            Ok(())
        }
        b's' => Ok(()),
        b'e' | b'E' if rest.is_empty() => Ok(()),
        b'e' | b'E' => Err("malformed specification, must be just 'e' or 'E'".into()),
        b'n' => rest.split(':').try_for_each(|s| size(s, "size").map(drop)),
        b'S' if rest.is_empty() => Err(form("S<size>")),
        b'S' => align(rest, "stack natural", false).map(drop),
        b'F' => {
            let Some(t) = rest.chars().next() else {
                return Err(form("F<type><abi>"));
            };
            if !matches!(t, 'i' | 'n') {
                return Err(format!("unknown function pointer alignment type '{t}'"));
            }
            align(&rest[t.len_utf8()..], "ABI", false).map(drop)
        }
        b'P' | b'A' | b'G' if rest.is_empty() => {
            Err(form(&format!("{}<address space>", kind as char)))
        }
        b'P' | b'A' | b'G' => addrspace(rest).map(drop),
        b'm' => match rest.strip_prefix(':') {
            None | Some("") => Err(form("m:<mangling>")),
            Some("e" | "l" | "o" | "m" | "w" | "x" | "a") => Ok(()),
            Some(_) => Err("unknown mangling mode".into()),
        },
        _ => Err(format!(
            "unknown specifier '{}'",
            spec.chars().next().unwrap_or('?')
        )),
    }
}

/// A scalar type, as far as its ABI alignment under a data layout goes (see [`abi_align`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Scalar {
    /// `iN` (and the byte type `bN`, laid out as the integer of its width).
    Int(u32),
    /// A floating-point type of this many bits (`x86_fp80` is 80).
    Float(u32),
    /// A pointer in this address space.
    Ptr(u32),
}

/// The ABI alignment in bytes of `ty` under data layout `dl` (assumed valid: see [`check`]),
/// as LLVM 22's `DataLayout` answers it: the layout's own entry for the type, else LLVM's
/// default one; an integer without an entry of its width takes the next wider entry's, or
/// the widest's when none is wider; a float without one the power of two at or above its
/// byte size; a pointer without one that of address space 0.
///
/// The reader needs it where LLVM fills in an alignment the text leaves out (an old masked
/// gather or scatter with alignment 0).
pub fn abi_align(dl: &str, ty: Scalar) -> u64 {
    // LLVM's defaults, then the layout's specs, later ones winning: (kind, width, ABI bytes).
    let mut ints: Vec<(u32, u64)> = vec![(1, 1), (8, 1), (16, 2), (32, 4), (64, 4)];
    let mut floats: Vec<(u32, u64)> = vec![(16, 2), (32, 4), (64, 8), (128, 16)];
    let mut ptrs: Vec<(u32, u64)> = vec![(0, 8)];
    let bytes = |s: &str| s.parse::<u64>().map_or(1, |bits| (bits / 8).max(1));
    let set = |table: &mut Vec<(u32, u64)>, key: u32, abi: u64| match table
        .iter_mut()
        .find(|(k, _)| *k == key)
    {
        Some(e) => e.1 = abi,
        None => table.push((key, abi)),
    };
    for spec in dl
        .split('-')
        .filter(|s| !s.is_empty() && !s.starts_with("ni"))
    {
        let parts: Vec<&str> = spec[1..].split(':').collect();
        match spec.as_bytes()[0] {
            b'i' | b'f' if parts.len() >= 2 => {
                let Ok(width) = parts[0].parse::<u32>() else {
                    continue;
                };
                let table = if spec.starts_with('i') {
                    &mut ints
                } else {
                    &mut floats
                };
                set(table, width, bytes(parts[1]));
            }
            b'p' if parts.len() >= 3 => {
                let space = parts[0].trim_start_matches(|c: char| c.is_ascii_alphabetic());
                set(&mut ptrs, space.parse().unwrap_or(0), bytes(parts[2]));
            }
            _ => {}
        }
    }
    match ty {
        Scalar::Int(width) => {
            ints.sort_unstable();
            let wider = ints.iter().find(|(w, _)| *w >= width);
            wider.or(ints.last()).map_or(1, |e| e.1)
        }
        Scalar::Float(width) => floats
            .iter()
            .find(|(w, _)| *w == width)
            .map_or(u64::from(width.div_ceil(8)).next_power_of_two(), |e| e.1),
        Scalar::Ptr(space) => {
            let of = |s: u32| ptrs.iter().find(|(k, _)| *k == s).map(|e| e.1);
            of(space).or_else(|| of(0)).unwrap_or(8)
        }
    }
}

/// The pointer size and index width in bits of address space `addrspace` under data layout
/// `dl` (`p[n]:size:abi[:pref[:idx]]`, the index width defaulting to the size), as LLVM 22's
/// `DataLayout::getPointerSpec` answers: an address space without a spec of its own takes
/// address space 0's, which is 64 bits unless the layout says otherwise.
pub fn pointer_spec(dl: &str, addrspace: u32) -> (u32, u32) {
    let mut zero = (64, 64);
    for spec in dl.split('-') {
        let Some(rest) = spec.strip_prefix('p') else {
            continue;
        };
        let parts: Vec<&str> = rest.split(':').collect();
        let space = parts[0].trim_start_matches(|c: char| c.is_ascii_alphabetic());
        let space = if space.is_empty() {
            Ok(0)
        } else {
            space.parse::<u32>()
        };
        let Some(size) = parts.get(1).and_then(|s| s.parse::<u32>().ok()) else {
            continue;
        };
        let index = parts.get(4).and_then(|s| s.parse().ok()).unwrap_or(size);
        match space {
            Ok(s) if s == addrspace => return (size, index),
            Ok(0) => zero = (size, index),
            _ => {}
        }
    }
    zero
}

/// The address space of stack slots (`A<n>`, 0 when absent): LLVM's `getAllocaAddrSpace`.
pub fn alloca_addrspace(dl: &str) -> u32 {
    dl.split('-')
        .filter_map(|spec| spec.strip_prefix('A'))
        .find_map(|n| n.parse().ok())
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::{abi_align, Scalar};

    /// The answers opt-22 gives as the `align` it fills in for a masked gather with
    /// alignment 0, under no layout and under one that lowers `i64` and `double`.
    /// Pointer specs as LLVM 22 reads them: the index width is the fifth field, and an
    /// address space without a spec takes address space 0's.
    #[test]
    fn pointer_specs_follow_llvm_defaults() {
        use super::{alloca_addrspace, pointer_spec};
        assert_eq!(pointer_spec("", 3), (64, 64));
        assert_eq!(pointer_spec("e-p:32:32", 0), (32, 32));
        assert_eq!(pointer_spec("e-p:32:32", 5), (32, 32));
        assert_eq!(pointer_spec("e-p7:160:256:256:32-p3:32:32", 7), (160, 32));
        assert_eq!(pointer_spec("e-p7:160:256:256:32-p3:32:32", 3), (32, 32));
        assert_eq!(alloca_addrspace("e-A5-G1"), 5);
        assert_eq!(alloca_addrspace("e-p:64:64"), 0);
    }

    #[test]
    fn abi_alignment_follows_the_layout_and_llvm_defaults() {
        let none = "";
        assert_eq!(abi_align(none, Scalar::Float(64)), 8);
        assert_eq!(abi_align(none, Scalar::Int(64)), 4);
        assert_eq!(abi_align(none, Scalar::Int(8)), 1);
        assert_eq!(abi_align(none, Scalar::Int(24)), 4, "the next wider entry");
        assert_eq!(abi_align(none, Scalar::Int(128)), 4, "the widest entry");
        assert_eq!(abi_align(none, Scalar::Ptr(0)), 8);
        assert_eq!(
            abi_align(none, Scalar::Float(80)),
            16,
            "no entry: a power of two"
        );
        let low = "e-i64:32-f64:32";
        assert_eq!(abi_align(low, Scalar::Float(64)), 4);
        assert_eq!(abi_align(low, Scalar::Ptr(0)), 8);
        let x86 = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128";
        assert_eq!(abi_align(x86, Scalar::Int(64)), 8);
        assert_eq!(abi_align(x86, Scalar::Int(128)), 16);
        assert_eq!(abi_align(x86, Scalar::Ptr(270)), 4);
        assert_eq!(abi_align(x86, Scalar::Ptr(3)), 8, "address space 0's");
        assert_eq!(abi_align(x86, Scalar::Float(80)), 16);
    }
}
