//! The on-disk format of a tier database: the manifest, tier files with a
//! checksum per block of records, and the writes that make them durable
//! (written aside, synced, renamed).

use std::fs;
use std::io::{self, BufReader, BufWriter, Read, Seek, SeekFrom, Write};
use std::path::Path;

use crate::budget::vec_with_capacity;
use crate::{Budget, Convention, Error, Result};

use super::super::Counts;
use super::super::induction::{DRAW, LOSE, TIE, WIN, value_code};
use super::{CheckedFile, TierLabels, TierPosition, TieredGame};

pub(super) const TIER_MAGIC: &[u8; 8] = b"STONETIR";
pub(super) const MANIFEST_MAGIC: &[u8; 8] = b"STONEMAN";
pub(super) const MANIFEST_FILE: &str = "manifest.stonegame";
pub(super) const VERSION: u32 = 2;
pub(super) const HEADER_BYTES: usize = 88;

/// Where a tier file's header records the hash of the moves it was solved
/// from: after the magic, version, tier, size, four counts and fingerprint.
const CHAIN_OFFSET: u64 = 8 + 4 + 4 + 8 + 4 * 8 + 8;
/// The bytes of the header its checksum covers.
pub(super) const HEADER_HASHED: usize = 80;
pub(super) const RECORD_BYTES: usize = 5;
pub(super) const CHECKSUM_BYTES: usize = 8;
/// Records per checksummed block: a record read reads and checks 5 KiB.
pub(super) const BLOCK_RECORDS: u64 = 1024;
pub(super) const IDENTITY_LIMIT: usize = 1024;

/// What a database holds: written before its tiers and marked complete after.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Manifest {
    pub(super) convention: Convention,
    /// [`game_fingerprint`] of the game solved.
    pub(super) game: u64,
    pub(super) num_tiers: u32,
    pub(super) complete: bool,
    pub(super) identity: String,
}

impl Manifest {
    /// The fingerprint every tier file of the database carries.
    pub(super) fn fingerprint(&self) -> u64 {
        database_fingerprint(self.convention, self.game)
    }

    /// The same game and convention, finished or not.
    pub(super) fn same_solve(&self, other: &Manifest) -> bool {
        Manifest {
            complete: other.complete,
            ..self.clone()
        } == *other
    }
}

/// The database fingerprint of a solve of the game with fingerprint `game`
/// under `convention` (every tier file and block checksum carries it).
pub(super) fn database_fingerprint(convention: Convention, game: u64) -> u64 {
    let mut hash = Fnv1a::new();
    hash.update(b"stonegame tier database");
    hash.update(&VERSION.to_le_bytes());
    hash.update(&[convention_byte(convention)]);
    hash.update(&game.to_le_bytes());
    hash.0
}

pub(super) fn convention_byte(convention: Convention) -> u8 {
    match convention {
        Convention::Normal => 0,
        Convention::Misere => 1,
    }
}

pub(super) fn convention_name(convention: Convention) -> &'static str {
    match convention {
        Convention::Normal => "normal",
        Convention::Misere => "misère",
    }
}

/// A fingerprint of the game: its identity, tier count, every tier's size,
/// and the terminal value or moves of the first, middle and last position
/// of every tier (at most [`FINGERPRINT_MOVES`] moves of each: the
/// fingerprint is taken before the work cap is, and a listing may be
/// endless; every move is hashed into the tiers' chain).
pub(super) fn game_fingerprint<G: TieredGame + ?Sized>(game: &G) -> u64 {
    let mut hash = Fnv1a::new();
    let identity = game.identity().as_bytes();
    hash.update(&(identity.len() as u64).to_le_bytes());
    hash.update(identity);
    let tiers = game.num_tiers();
    hash.update(&tiers.to_le_bytes());
    for tier in 0..tiers {
        let n = game.tier_size(tier);
        hash.update(&n.to_le_bytes());
        let mut sampled = [0, n / 2, n.saturating_sub(1)];
        sampled.sort_unstable();
        let mut previous = None;
        for index in sampled {
            if n == 0 || previous == Some(index) {
                continue;
            }
            previous = Some(index);
            let position = TierPosition { tier, index };
            match game.terminal(position) {
                Some(value) => hash.update(&[1, file_value(value_code(value))]),
                None => {
                    hash.update(&[0]);
                    let mut left = FINGERPRINT_MOVES;
                    let _ = game.for_each_move(position, |to| {
                        if left == 0 {
                            return std::ops::ControlFlow::Break(());
                        }
                        left -= 1;
                        hash.update(&to.tier.to_le_bytes());
                        hash.update(&to.index.to_le_bytes());
                        std::ops::ControlFlow::Continue(())
                    });
                }
            }
        }
    }
    hash.0
}

/// The moves of one sampled position the game's fingerprint hashes.
const FINGERPRINT_MOVES: u32 = 4096;

/// FNV-1a, 64 bits: offset basis and prime from the published definition.
/// Each step is a bijection of the state, so changing any one byte always
/// changes the hash.
pub(super) struct Fnv1a(pub(super) u64);

impl Fnv1a {
    pub(super) fn new() -> Self {
        Self(0xcbf2_9ce4_8422_2325)
    }

    pub(super) fn update(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
}

pub(super) fn fnv1a(bytes: &[u8]) -> u64 {
    let mut hash = Fnv1a::new();
    hash.update(bytes);
    hash.0
}

/// The checksum of block `block` of `tier`: bound to the database and the
/// block's place, so a block copied from another file or place is refused.
pub(super) fn block_checksum(fingerprint: u64, tier: u32, block: u64, records: &[u8]) -> u64 {
    let mut hash = Fnv1a::new();
    hash.update(&fingerprint.to_le_bytes());
    hash.update(&tier.to_le_bytes());
    hash.update(&block.to_le_bytes());
    hash.update(records);
    hash.0
}

/// The file byte for a value code (`UNKNOWN` is a draw).
pub(super) fn file_value(code: u8) -> u8 {
    match code {
        WIN => 0,
        LOSE => 1,
        TIE => 2,
        _ => 3,
    }
}

/// The size of a tier file of `n` positions.
/// The file name of tier `tier` in a database's directory.
pub(super) fn tier_file_name(tier: u32) -> String {
    format!("tier-{tier}.stonegame")
}

/// The size of a tier file of `n` positions.
pub(super) fn tier_file_bytes(n: u64) -> u128 {
    let blocks = n.div_ceil(BLOCK_RECORDS);
    HEADER_BYTES as u128
        + RECORD_BYTES as u128 * u128::from(n)
        + CHECKSUM_BYTES as u128 * u128::from(blocks)
}

/// Where block `block` starts.
pub(super) fn block_offset(block: u64) -> u64 {
    HEADER_BYTES as u64 + block * (BLOCK_RECORDS * RECORD_BYTES as u64 + CHECKSUM_BYTES as u64)
}

/// Writes `path` the way a crash cannot damage: to `.<name>.partial` beside
/// it, synced, renamed over `path`, then (with `sync_directory`) the
/// directory synced. A kill at any instant leaves the old file or the new
/// one under `path`, never a part. Without the directory sync a power loss
/// may undo the rename (the old file or none is found again), which a
/// tier may afford: the solve syncs the directory once before it records
/// completion, and a tier found missing or of another solve is refused or
/// solved again.
pub(super) fn write_atomically(
    path: &Path,
    sync_directory_after: bool,
    write: impl FnOnce(&mut BufWriter<fs::File>) -> io::Result<()>,
) -> Result<()> {
    let directory = path.parent().unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let aside = directory.join(format!(".{name}.partial"));
    let result = (|| {
        let mut out = BufWriter::with_capacity(1 << 16, fs::File::create(&aside)?);
        write(&mut out)?;
        out.into_inner().map_err(|e| e.into_error())?.sync_all()?;
        fs::rename(&aside, path)?;
        if sync_directory_after {
            sync_directory(directory)?;
        }
        Ok(())
    })();
    if result.is_err() {
        let _ = fs::remove_file(&aside);
    }
    result.map_err(|e| io_error(path, e))
}

/// Makes a rename in `directory` durable (POSIX: the entry lives in the directory).
#[cfg(unix)]
pub(super) fn sync_directory(directory: &Path) -> io::Result<()> {
    fs::File::open(directory)?.sync_all()
}

/// Elsewhere a directory cannot be opened as a file; the rename stands alone.
#[cfg(not(unix))]
pub(super) fn sync_directory(_directory: &Path) -> io::Result<()> {
    Ok(())
}

pub(super) fn write_manifest(path: &Path, manifest: &Manifest) -> Result<()> {
    let mut bytes = Vec::with_capacity(44 + manifest.identity.len());
    bytes.extend_from_slice(MANIFEST_MAGIC);
    bytes.extend_from_slice(&VERSION.to_le_bytes());
    bytes.extend_from_slice(&u32::from(convention_byte(manifest.convention)).to_le_bytes());
    bytes.extend_from_slice(&manifest.game.to_le_bytes());
    bytes.extend_from_slice(&manifest.num_tiers.to_le_bytes());
    bytes.extend_from_slice(&u32::from(manifest.complete).to_le_bytes());
    bytes.extend_from_slice(&(manifest.identity.len() as u32).to_le_bytes());
    bytes.extend_from_slice(manifest.identity.as_bytes());
    let checksum = fnv1a(&bytes);
    bytes.extend_from_slice(&checksum.to_le_bytes());
    write_atomically(path, true, |out| out.write_all(&bytes))
}

pub(super) fn read_manifest(path: &Path) -> Result<Manifest> {
    let name = || path.to_path_buf();
    let corrupt = |reason: &str| Error::TierCorrupt {
        path: name(),
        reason: format!("manifest: {reason}"),
    };
    let file = fs::File::open(path).map_err(|e| io_error(path, e))?;
    let mut bytes = Vec::new();
    // A manifest is at most 44 + IDENTITY_LIMIT bytes; read one more to see a longer one.
    file.take((44 + IDENTITY_LIMIT + 1) as u64)
        .read_to_end(&mut bytes)
        .map_err(|e| io_error(path, e))?;
    if bytes.len() < 44 {
        return Err(Error::TierTruncated {
            path: name(),
            expected_bytes: 44,
            found_bytes: bytes.len() as u64,
        });
    }
    let u32_at =
        |at: usize| u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]);
    if &bytes[..8] != MANIFEST_MAGIC {
        return Err(corrupt("not a stonegame manifest (bad magic)"));
    }
    if u32_at(8) != VERSION {
        return Err(Error::TierVersionMismatch {
            path: name(),
            found: u32_at(8),
            expected: VERSION,
        });
    }
    let length = u32_at(32) as usize;
    if length > IDENTITY_LIMIT {
        return Err(corrupt("identity longer than 1024 bytes"));
    }
    let expected = 44 + length;
    if bytes.len() < expected {
        return Err(Error::TierTruncated {
            path: name(),
            expected_bytes: expected as u64,
            found_bytes: bytes.len() as u64,
        });
    }
    if bytes.len() > expected {
        return Err(corrupt("trailing bytes"));
    }
    let stored = u64::from_le_bytes(bytes[expected - 8..].try_into().expect("8 bytes"));
    let computed = fnv1a(&bytes[..expected - 8]);
    if stored != computed {
        return Err(Error::TierChecksumMismatch {
            path: name(),
            part: "the manifest".to_string(),
            stored,
            computed,
        });
    }
    let convention = match u32_at(12) {
        0 => Convention::Normal,
        1 => Convention::Misere,
        other => return Err(corrupt(&format!("convention {other}"))),
    };
    let complete = match u32_at(28) {
        0 => false,
        1 => true,
        other => return Err(corrupt(&format!("completion {other}"))),
    };
    let identity = std::str::from_utf8(&bytes[36..36 + length])
        .map_err(|_| corrupt("identity is not UTF-8"))?
        .to_string();
    Ok(Manifest {
        convention,
        game: u64::from_le_bytes(bytes[16..24].try_into().expect("8 bytes")),
        num_tiers: u32_at(24),
        complete,
        identity,
    })
}

pub(super) fn write_tier(
    path: &Path,
    tier: u32,
    fingerprint: u64,
    chain: u64,
    labels: &TierLabels,
) -> Result<()> {
    let counts = labels.counts();
    let mut header = Vec::with_capacity(HEADER_BYTES);
    header.extend_from_slice(TIER_MAGIC);
    header.extend_from_slice(&VERSION.to_le_bytes());
    header.extend_from_slice(&tier.to_le_bytes());
    header.extend_from_slice(&(labels.code.len() as u64).to_le_bytes());
    for count in [counts.win, counts.lose, counts.tie, counts.draw] {
        header.extend_from_slice(&(count as u64).to_le_bytes());
    }
    header.extend_from_slice(&fingerprint.to_le_bytes());
    header.extend_from_slice(&chain.to_le_bytes());
    header.extend_from_slice(&(BLOCK_RECORDS as u32).to_le_bytes());
    header.extend_from_slice(&0u32.to_le_bytes());
    let checksum = fnv1a(&header);
    header.extend_from_slice(&checksum.to_le_bytes());
    write_atomically(path, false, |out| {
        out.write_all(&header)?;
        let mut block = Vec::with_capacity(BLOCK_RECORDS as usize * RECORD_BYTES);
        let chunks = labels
            .code
            .chunks(BLOCK_RECORDS as usize)
            .zip(labels.word.chunks(BLOCK_RECORDS as usize));
        for (number, (codes, words)) in chunks.enumerate() {
            block.clear();
            for (&c, &w) in codes.iter().zip(words) {
                let value = file_value(c);
                block.push(value);
                let remoteness = if value == 3 { u32::MAX } else { w };
                block.extend_from_slice(&remoteness.to_le_bytes());
            }
            out.write_all(&block)?;
            let checksum = block_checksum(fingerprint, tier, number as u64, &block);
            out.write_all(&checksum.to_le_bytes())?;
        }
        Ok(())
    })
}

/// The header of a tier file, checked: magic, version, checksum, tier,
/// fingerprint. Returns the number of positions, the stated counts and the
/// hash of the moves it was solved from.
pub(super) fn check_header(
    path: &Path,
    header: &[u8; HEADER_BYTES],
    tier: u32,
    fingerprint: u64,
) -> Result<(u64, [u64; 4], u64)> {
    let name = || path.to_path_buf();
    let u32_at = |at: usize| {
        u32::from_le_bytes([header[at], header[at + 1], header[at + 2], header[at + 3]])
    };
    let u64_at = |at: usize| u64::from(u32_at(at)) | u64::from(u32_at(at + 4)) << 32;
    if &header[..8] != TIER_MAGIC {
        return Err(Error::TierCorrupt {
            path: name(),
            reason: "not a stonegame tier file (bad magic)".to_string(),
        });
    }
    if u32_at(8) != VERSION {
        return Err(Error::TierVersionMismatch {
            path: name(),
            found: u32_at(8),
            expected: VERSION,
        });
    }
    let stored = u64_at(HEADER_HASHED);
    let computed = fnv1a(&header[..HEADER_HASHED]);
    if stored != computed {
        return Err(Error::TierChecksumMismatch {
            path: name(),
            part: "the header".to_string(),
            stored,
            computed,
        });
    }
    if u32_at(12) != tier {
        return Err(Error::TierCorrupt {
            path: name(),
            reason: format!("holds tier {}, expected {tier}", u32_at(12)),
        });
    }
    if u64_at(56) != fingerprint {
        return Err(Error::TierMismatch {
            path: name(),
            tier,
            reason: format!(
                "written for another game, convention or format (fingerprint {:#018x}, \
                 the database's is {fingerprint:#018x})",
                u64_at(56)
            ),
        });
    }
    if u64::from(u32_at(72)) != BLOCK_RECORDS {
        return Err(Error::TierCorrupt {
            path: name(),
            reason: format!("{} records a block, expected {BLOCK_RECORDS}", u32_at(72)),
        });
    }
    let counts = [u64_at(24), u64_at(32), u64_at(40), u64_at(48)];
    Ok((u64_at(16), counts, u64_at(64)))
}

/// Reads the file of `tier` through in blocks and checks it: size against
/// the header, the header, every block's checksum, every record, and the
/// counts. With `keep`, also returns its labels (the caller has checked that
/// they fit the budget: 5 bytes a position, less than on disk).
pub(super) fn read_tier(
    path: &Path,
    tier: u32,
    fingerprint: u64,
    keep: bool,
) -> Result<(CheckedFile, Option<TierLabels>)> {
    let name = || path.to_path_buf();
    let io = |e: io::Error| io_error(path, e);
    let file = fs::File::open(path).map_err(io)?;
    let size = file.metadata().map_err(io)?.len();
    if size < HEADER_BYTES as u64 {
        return Err(Error::TierTruncated {
            path: name(),
            expected_bytes: HEADER_BYTES as u64,
            found_bytes: size,
        });
    }
    let mut reader = BufReader::with_capacity(1 << 16, file);
    let mut header = [0u8; HEADER_BYTES];
    reader.read_exact(&mut header).map_err(io)?;
    let (n, stated, chain) = check_header(path, &header, tier, fingerprint)?;
    let expected = tier_file_bytes(n);
    if u128::from(size) < expected {
        return Err(Error::TierTruncated {
            path: name(),
            expected_bytes: u64::try_from(expected).unwrap_or(u64::MAX),
            found_bytes: size,
        });
    }
    if u128::from(size) > expected {
        return Err(Error::TierCorrupt {
            path: name(),
            reason: format!("{size} bytes, expected {expected} for {n} positions (trailing bytes)"),
        });
    }
    // `n` records fit in the file, so in the budget when `keep` was
    // allowed; the system may still refuse them, which is an error.
    let capacity = if keep {
        usize::try_from(n).unwrap_or(usize::MAX)
    } else {
        0
    };
    let mut labels = TierLabels {
        code: vec_with_capacity(capacity, "tier labels", Budget::unlimited())?,
        word: vec_with_capacity(capacity, "tier labels", Budget::unlimited())?,
    };
    let mut found = [0u64; 4];
    let mut block = vec![0u8; BLOCK_RECORDS as usize * RECORD_BYTES + CHECKSUM_BYTES];
    let mut first = 0u64;
    let mut number = 0u64;
    while first < n {
        let records = (n - first).min(BLOCK_RECORDS) as usize;
        let bytes = &mut block[..records * RECORD_BYTES + CHECKSUM_BYTES];
        reader.read_exact(bytes).map_err(io)?;
        let (records_bytes, stored) = bytes.split_at(records * RECORD_BYTES);
        check_block(
            path,
            fingerprint,
            tier,
            number,
            first,
            records_bytes,
            stored,
        )?;
        for (k, record) in records_bytes.chunks_exact(RECORD_BYTES).enumerate() {
            let (code, word) = decode_record(path, first + k as u64, record)?;
            found[usize::from(file_value(code))] += 1;
            if keep {
                labels.code.push(code);
                labels.word.push(word);
            }
        }
        first += records as u64;
        number += 1;
    }
    if stated != found {
        return Err(Error::TierCorrupt {
            path: name(),
            reason: format!("header counts {stated:?} disagree with the records {found:?}"),
        });
    }
    let counts = Counts {
        win: found[0] as usize,
        lose: found[1] as usize,
        tie: found[2] as usize,
        draw: found[3] as usize,
    };
    let checked = CheckedFile {
        positions: n,
        fingerprint,
        chain,
        counts,
        file: reader.into_inner(),
    };
    Ok((checked, keep.then_some(labels)))
}

/// Refuses a block whose checksum does not match its records.
pub(super) fn check_block(
    path: &Path,
    fingerprint: u64,
    tier: u32,
    number: u64,
    first: u64,
    records: &[u8],
    stored: &[u8],
) -> Result<()> {
    let stored = u64::from_le_bytes(stored.try_into().expect("8 bytes"));
    let computed = block_checksum(fingerprint, tier, number, records);
    if stored != computed {
        let last = first + (records.len() / RECORD_BYTES) as u64;
        return Err(Error::TierChecksumMismatch {
            path: path.to_path_buf(),
            part: format!("block {number} (positions {first}..{last})"),
            stored,
            computed,
        });
    }
    Ok(())
}

/// A record's value code and remoteness word (0 for draws), or what is wrong.
pub(super) fn decode_record(path: &Path, index: u64, record: &[u8]) -> Result<(u8, u32)> {
    let remoteness = u32::from_le_bytes([record[1], record[2], record[3], record[4]]);
    let corrupt = |reason: String| Error::TierCorrupt {
        path: path.to_path_buf(),
        reason: format!("position {index}: {reason}"),
    };
    let code = match record[0] {
        0 => WIN,
        1 => LOSE,
        2 => TIE,
        3 => DRAW,
        other => return Err(corrupt(format!("value byte {other}"))),
    };
    if (code == DRAW) != (remoteness == u32::MAX) {
        return Err(corrupt(format!("remoteness {remoteness} for its value")));
    }
    Ok((code, if code == DRAW { 0 } else { remoteness }))
}

/// Reads the record of `index` from a checked tier file: the whole block
/// that holds it, whose checksum is checked again before the record is
/// believed.
pub(super) fn read_record(
    path: &Path,
    checked: &mut CheckedFile,
    tier: u32,
    index: u32,
) -> Result<(u8, u32)> {
    let index = u64::from(index);
    let number = index / BLOCK_RECORDS;
    let first = number * BLOCK_RECORDS;
    let records = (checked.positions - first).min(BLOCK_RECORDS) as usize;
    let mut block = [0u8; BLOCK_RECORDS as usize * RECORD_BYTES + CHECKSUM_BYTES];
    let bytes = &mut block[..records * RECORD_BYTES + CHECKSUM_BYTES];
    checked
        .file
        .seek(SeekFrom::Start(block_offset(number)))
        .and_then(|_| checked.file.read_exact(bytes))
        .map_err(|e| io_error(path, e))?;
    // The header's record of the moves the file was solved from, read again:
    // a file overwritten in place (by another solve's file) since it was
    // checked is refused, not served.
    let mut chain = [0u8; 8];
    checked
        .file
        .seek(SeekFrom::Start(CHAIN_OFFSET))
        .and_then(|_| checked.file.read_exact(&mut chain))
        .map_err(|e| io_error(path, e))?;
    if u64::from_le_bytes(chain) != checked.chain {
        return Err(Error::TierCorrupt {
            path: path.to_path_buf(),
            reason: "it changed since it was checked (another solve wrote it)".to_string(),
        });
    }
    let (records_bytes, stored) = bytes.split_at(records * RECORD_BYTES);
    check_block(
        path,
        checked.fingerprint,
        tier,
        number,
        first,
        records_bytes,
        stored,
    )?;
    let at = (index - first) as usize * RECORD_BYTES;
    decode_record(path, index, &records_bytes[at..at + RECORD_BYTES])
}

pub(super) fn io_error(path: &Path, error: io::Error) -> Error {
    Error::Io {
        path: path.to_path_buf(),
        error: error.into(),
    }
}
