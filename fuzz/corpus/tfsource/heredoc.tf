resource "t" "n" {
  d = <<-EOT
  }
  EOT
  size = "x"
}
