"""The language server: pygls features over the engine (`torchlint serve`)."""
