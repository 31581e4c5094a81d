"""Input and output that may be hostile: bounded file and JSON reading, atomic writes and locks,
secrets redacted, untrusted text made safe to show.
"""
