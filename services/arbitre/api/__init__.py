"""What the services and the gateway share about the API: the proto -> JSON views and the
requests' forms, below both of them (rules and the generated protos only)."""
