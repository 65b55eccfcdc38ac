"""High-precision numerics (mpmath; python-flint where a certified enclosure is possible)."""
