"""The gRPC services (dictionary, movegen; session and scoring next), each a thin servicer over
the engine layer, with a shared way to start a server."""
